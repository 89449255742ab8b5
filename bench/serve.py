#!/usr/bin/env python3
"""The web server's figures for BENCHMARKS.md: a classic check end to end on loopback, the
page's weight and fetch time, and 64 concurrent clients sending hard puzzles (every answer a
200 or a 503) with the server's peak memory. Standard library only; every request goes to
127.0.0.1, and every loop is bounded.

    cargo build --release && python3 bench/serve.py [target/release/sudokux]
"""

import http.client
import json
import statistics
import subprocess
import sys
import threading
import time

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/release/sudokux"
PUZZLE = "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9"
EMPTY = "." * 81


def start(*flags):
    server = subprocess.Popen(
        [BINARY, "serve", "--port", "0", *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    url = server.stdout.readline().strip()
    host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
    return server, host, int(port)


def request(host, port, method, path, body=None, timeout=120):
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    data = None if body is None else json.dumps(body).encode()
    connection.request(method, path, body=data, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, payload


def memory(pid):
    """Resident memory now and at its peak, in MiB (Linux /proc)."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    mib = lambda key: int(fields[key].split()[0]) / 1024
    return mib("VmRSS"), mib("VmHWM")


def check_latency(host, port):
    for _ in range(10):
        request(host, port, "POST", "/api/check", {"puzzle": PUZZLE})
    times = []
    for _ in range(100):
        started = time.perf_counter()
        status, body = request(host, port, "POST", "/api/check", {"puzzle": PUZZLE})
        times.append((time.perf_counter() - started) * 1000)
        assert status == 200 and json.loads(body)["status"] == "unique", body
    times.sort()
    print(
        f"check, a new connection each (100 runs): median {statistics.median(times):.2f} ms, "
        f"p90 {times[89]:.2f} ms, max {times[-1]:.2f} ms"
    )


def page(host, port):
    assets = ["/", "/app.js", "/style.css", "/favicon.svg"]
    weight = sum(len(request(host, port, "GET", a)[1]) for a in assets)
    times = []
    for _ in range(20):
        started = time.perf_counter()
        for asset in assets:
            request(host, port, "GET", asset)
        times.append((time.perf_counter() - started) * 1000)
    print(
        f"page: {weight} bytes in {len(assets)} files; all fetched one after another: "
        f"median {statistics.median(times):.2f} ms of 20"
    )


def burst(host, port, pid, clients=64, each=4):
    puzzles = [line.strip() for line in open("tests/data/sample_hardest_1905.txt") if line.strip()]
    statuses = {}
    lock = threading.Lock()

    def client(k):
        for n in range(each):
            if (k + n) % 4 == 0:
                body = {"puzzle": EMPTY, "timeout": 1}  # a count no limit lets finish
                endpoint = "/api/count"
            else:
                body = {"puzzle": puzzles[(k * each + n) % len(puzzles)]}
                endpoint = "/api/check"
            status, _ = request(host, port, "POST", endpoint, body)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1

    before = memory(pid)
    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - started
    after = memory(pid)
    print(
        f"{clients} clients x {each} requests (hard checks, one in four an unbounded count "
        f"held to 1 s): {dict(sorted(statuses.items()))} in {took:.2f} s; server memory "
        f"{before[0]:.1f} MiB before, peak {after[1]:.1f} MiB"
    )
    assert set(statuses) <= {200, 503}, statuses


def patient(host, port, pid, clients=64):
    """Each client retries a 503 after 20 ms (at most 500 times) until its hard check is
    answered: every one is, and the server's memory stays where it was."""
    puzzles = [line.strip() for line in open("tests/data/sample_hardest_1905.txt") if line.strip()]
    tries = []
    lock = threading.Lock()

    def client(k):
        for attempt in range(1, 501):
            status, body = request(host, port, "POST", "/api/check", {"puzzle": puzzles[k % len(puzzles)]})
            if status == 200:
                assert json.loads(body)["status"] == "unique", body
                with lock:
                    tries.append(attempt)
                return
            assert status == 503, (status, body)
            time.sleep(0.02)

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - started
    print(
        f"{clients} clients retrying a 503 after 20 ms: {len(tries)} of {clients} answered in "
        f"{took:.2f} s, at most {max(tries)} tries; server memory peak {memory(pid)[1]:.1f} MiB"
    )
    assert len(tries) == clients


def main():
    server, host, port = start()
    try:
        check_latency(host, port)
        page(host, port)
        burst(host, port, server.pid)
        burst(host, port, server.pid)
        patient(host, port, server.pid)
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
