#!/usr/bin/env python3
"""Runs a command and prints its wall time, its CPU time and the CPU time of its threads.

    python3 bench/jobs/threads.py COMMAND [ARG...] < INPUT

The threads' CPU (user + system) is sampled from /proc/PID/task/*/stat every 10 ms; the last
sample of each thread is kept (a thread's last few ms may be missed). Prints one line:

    wall CPU calling busiest second threads

in seconds: wall time, CPU of the whole process (from wait4, exact), of the calling thread
(the process's first), of the busiest and the second busiest other threads, and the number of
threads seen. A count split over two workers takes, on two free cores, about its CPU less the
second worker's (what ran beside the busiest); on a loaded machine that is the measure of the
split (the wall time then says how busy the machine was).
"""
import os
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def thread_times(pid):
    times = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return times
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        # Fields after the name: state is 3rd overall, utime 14th and stime 15th.
        times[int(tid)] = (int(fields[11]) + int(fields[12])) / TICK
    return times


def main():
    start = time.monotonic()
    child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
    seen = {}
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        seen.update(thread_times(child.pid))
        time.sleep(0.01)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"{sys.argv[1:]} failed: status {status}")
    cpu = usage.ru_utime + usage.ru_stime
    calling = seen.get(child.pid, 0.0)
    others = [t for tid, t in seen.items() if tid != child.pid]
    others.sort(reverse=True)
    busiest, second = (others + [0.0, 0.0])[:2]
    print(f"{wall:.3f} {cpu:.3f} {calling:.3f} {busiest:.3f} {second:.3f} {len(seen)}")


if __name__ == "__main__":
    main()
