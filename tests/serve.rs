//! `sudokux serve` without a browser: the real binary listening on 127.0.0.1 (a free port),
//! asked over plain HTTP/1.1 by a small client here. Every endpoint with good and bad input,
//! bad JSON, an oversized body, the limits, a client that goes away mid-count, a bounded
//! burst of concurrent requests, and a fuzz of request bodies. Every solution is checked by
//! the library's validator.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudokux::sudoku::{validate, Grid, Rules};

use crate::common::Rng;

const PUZZLE: &str =
    "2.4.1.....15.....4...96....3.7..1....4.....5....4..9.3....39...1.....62.....8.3.9";
/// Two solutions: an unavoidable rectangle left open.
const TWO: &str =
    ".94518.36615372894.83964.15357691482946823157821457963468239571139745628572186349";
/// No solution, though no two givens conflict: r1c9 has no candidate.
const NONE: &str =
    "12345678.........9...............................................................";
/// Two 5s in row 1.
const CONFLICT: &str =
    "..5....5.........................................................................";
/// An empty grid: 6.67e21 solutions, a count no limit lets finish.
const EMPTY: &str =
    ".................................................................................";

/// A server on a free port of 127.0.0.1, stopped when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    address: String,
}

impl Server {
    fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudokux"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("serve printed {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// Sends a request and reads the whole answer: status, headers (lower-case names) and
    /// body (chunks joined).
    fn send(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
            self.address,
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        // A server that refuses early may close before the whole body is sent.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Reply::parse(&raw)
    }

    fn post(&self, endpoint: &str, body: &Value) -> Reply {
        self.send(
            "POST",
            &format!("/api/{endpoint}"),
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        )
    }

    fn status(&self) -> Value {
        self.send("GET", "/api/status", &[], b"").json()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn parse(raw: &[u8]) -> Reply {
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no header in {:?}", String::from_utf8_lossy(raw)));
        let head = String::from_utf8_lossy(&raw[..split]).to_string();
        let mut lines = head.lines();
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let mut body = raw[split + 4..].to_vec();
        if headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
        {
            body = unchunk(&body);
        }
        Reply {
            status,
            headers,
            body,
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).to_string()
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("{e}: not JSON: {:?} ({})", self.text(), self.status))
    }
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 || data.len() < end + 2 + size {
            return out;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[(end + 4 + size).min(data.len())..];
    }
}

fn classic_solution(puzzle: &str, solution: &Value) {
    let solution = solution.as_str().unwrap();
    validate(
        &Rules::classic(),
        &Grid::from_line(puzzle).unwrap(),
        &Grid::from_line(solution).unwrap(),
    )
    .unwrap_or_else(|e| panic!("{solution}: {e}"));
}

#[test]
fn check_solve_and_count_answer_as_the_commands_json() {
    let server = Server::start(&[]);
    let unique = server.post("check", &json!({"puzzle": PUZZLE}));
    assert_eq!(unique.status, 200);
    assert_eq!(unique.header("content-type"), Some("application/json"));
    let record = unique.json();
    assert_eq!(record["status"], "unique");
    classic_solution(PUZZLE, &record["solution"]);
    // The same fields as `sudokux check --json`.
    let cli = crate::common::sudokux(&["check", "--json"], PUZZLE);
    let line: Value = serde_json::from_slice(&cli.stdout).unwrap();
    for key in line.as_object().unwrap().keys().filter(|k| *k != "input") {
        assert!(record.get(key).is_some(), "{key} missing from {record}");
    }

    let two = server
        .post("check", &json!({"puzzle": TWO, "witness": true}))
        .json();
    assert_eq!(two["status"], "multiple");
    let [a, b] = [&two["solutions"][0], &two["solutions"][1]];
    assert_ne!(a, b);
    classic_solution(TWO, a);
    classic_solution(TWO, b);

    let none = server.post("check", &json!({"puzzle": NONE})).json();
    assert_eq!(none["status"], "none");
    assert!(none["why"].as_str().unwrap().contains("r1c9"), "{none}");

    let solved = server.post("solve", &json!({"puzzle": PUZZLE})).json();
    assert_eq!(solved["status"], "unique");
    classic_solution(PUZZLE, &solved["solution"]);
    let first = server
        .post("solve", &json!({"puzzle": TWO, "first": true}))
        .json();
    assert_eq!(first["status"], "solved");
    classic_solution(TWO, &first["solution"]);

    let count = server.post("count", &json!({"puzzle": TWO})).json();
    assert_eq!(
        (count["count"].clone(), count["complete"].clone()),
        (json!(2), json!(true))
    );
    let limited = server
        .post("count", &json!({"puzzle": EMPTY, "limit": 50}))
        .json();
    assert_eq!(limited["count"], 50);
    assert_eq!(limited["status"], "multiple");
}

#[test]
fn the_other_endpoints_answer() {
    let server = Server::start(&[]);
    let marks = server.post("candidates", &json!({"puzzle": TWO})).json();
    assert_eq!(marks["status"], "ok");
    assert_eq!(marks["settled"], 77);
    assert_eq!(marks["candidates"][0], json!([2, 7]));

    let hint = server
        .post("hint", &json!({"puzzle": PUZZLE, "candidates": true}))
        .json();
    assert_eq!(hint["status"], "step");
    assert!(hint["step"]["text"].as_str().is_some(), "{hint}");
    assert!(hint["candidates"].is_object());

    let explained = server.post("explain", &json!({"puzzle": PUZZLE})).json();
    assert_eq!(explained["status"], "solved");
    assert!(explained["grade"].is_string());
    assert!(!explained["steps"].as_array().unwrap().is_empty());
    classic_solution(PUZZLE, &explained["solution"]);
    // Logic needs a unique puzzle: the command's message, 422.
    let several = server.post("explain", &json!({"puzzle": TWO}));
    assert_eq!(several.status, 422);
    assert!(several.json()["error"]
        .as_str()
        .unwrap()
        .contains("several solutions"));

    let drawn = server.post("render", &json!({"puzzle": PUZZLE})).json();
    let svg = drawn["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    roxmltree::Document::parse(svg).unwrap();
    assert_eq!(
        (drawn["rows"].clone(), drawn["cols"].clone()),
        (json!(9), json!(9))
    );
    assert_eq!(drawn["givens"][0], "2");
    let png = server.post("render", &json!({"puzzle": PUZZLE, "png": true}));
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");

    let toml = server
        .post("convert", &json!({"puzzle": PUZZLE, "to": "toml"}))
        .json();
    assert!(toml["text"].as_str().unwrap().contains("givens"), "{toml}");
    let links = server
        .post("convert", &json!({"puzzle": PUZZLE, "to": "url"}))
        .json();
    let payload = links["payload"].as_str().unwrap();
    assert!(links["fpuzzles"].as_str().unwrap().ends_with(payload));
    // The payload reads back as the same puzzle.
    let again = server.post("check", &json!({"puzzle": payload})).json();
    assert_eq!(again["status"], "unique");
    classic_solution(PUZZLE, &again["solution"]);

    let made = server
        .post("generate", &json!({"seed": 7, "symmetry": "rot180"}))
        .json();
    assert_eq!(made["status"], "ok", "{made}");
    let line = made["puzzle"].as_str().unwrap();
    let checked = server.post("check", &json!({"puzzle": line})).json();
    assert_eq!(checked["status"], "unique");
    classic_solution(line, &checked["solution"]);
    let killer = server
        .post("generate", &json!({"seed": 7, "killer": true}))
        .json();
    assert_eq!(
        killer["line_says_all"], false,
        "a line would lose the cages"
    );
    let file = killer["toml"].as_str().unwrap();
    assert!(file.contains("[[cage]]"), "{file}");
    assert_eq!(
        server.post("check", &json!({"puzzle": file})).json()["status"],
        "unique"
    );
}

#[test]
fn typed_givens_replace_the_puzzles() {
    let server = Server::start(&[]);
    let mut cells: Vec<String> = PUZZLE
        .chars()
        .map(|c| {
            if c == '.' {
                String::new()
            } else {
                c.to_string()
            }
        })
        .collect();
    let answer = server
        .post("check", &json!({"puzzle": EMPTY, "givens": cells}))
        .json();
    assert_eq!(answer["status"], "unique");
    classic_solution(PUZZLE, &answer["solution"]);
    cells[1] = "x".into();
    let bad = server.post("check", &json!({"puzzle": EMPTY, "givens": cells}));
    assert_eq!(bad.status, 400);
    assert!(bad.json()["error"].as_str().unwrap().contains("r1c2"));
}

#[test]
fn pencil_marks_restrict_the_answers_as_on_the_command_line() {
    let server = Server::start(&[]);
    let text = std::fs::read_to_string(crate::common::data("formats/pencilmarks.txt")).unwrap();
    let first = text.lines().next().unwrap();
    // r1c1 keeps only 7 and 9: of the givens' two solutions, the one with 7.
    let answer = server.post("check", &json!({"puzzle": first})).json();
    assert_eq!(answer["status"], "unique", "{answer}");
    assert_eq!(
        answer["solution"],
        "794518236615372894283964715357691482946823157821457963468239571139745628572186349"
    );
    let count = server.post("count", &json!({"puzzle": first})).json();
    assert_eq!(count["count"], 1);
    let marks = server.post("candidates", &json!({"puzzle": first})).json();
    assert_eq!(marks["candidates"][0], json!([7]));
}

#[test]
fn what_an_import_leaves_out_is_said() {
    let server = Server::start(&[]);
    // A solver's digit (no "given": true) is progress, not a clue: left out, with a note.
    let fpuzzles = json!({"size": 4, "grid": [
        [{"value": 1, "given": true}, {"value": 2}, {}, {}],
        [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}],
    ]});
    let drawn = server
        .post("render", &json!({"puzzle": fpuzzles.to_string()}))
        .json();
    assert_eq!(drawn["givens"][1], "", "{drawn}");
    let notes = drawn["notes"].as_array().unwrap();
    assert!(
        notes[0].as_str().unwrap().contains("not clues"),
        "{notes:?}"
    );
}

#[test]
fn bad_input_is_a_4xx_with_the_commands_message() {
    let server = Server::start(&[]);
    let cases: &[(&str, &[u8], u16, &str)] = &[
        ("check", b"{not json", 400, "not JSON"),
        ("check", b"[1, 2]", 400, "JSON object"),
        ("check", b"{}", 400, "no \"puzzle\""),
        ("check", br#"{"puzzle": 5}"#, 400, "string"),
        (
            "check",
            br#"{"puzzle": "garbage"}"#,
            400,
            "unexpected character 'g'",
        ),
        ("check", br#"{"puzzle": "1234"}"#, 400, "puzzle: line 1"),
        (
            "check",
            br#"{"puzzle": "/etc/passwd"}"#,
            400,
            "unexpected character '/'",
        ),
        (
            "check",
            br#"{"puzzle": "x", "output": "/tmp/x"}"#,
            400,
            "unknown option \"output\"",
        ),
        (
            "solve",
            br#"{"puzzle": "x", "inputs": ["/etc/passwd"]}"#,
            400,
            "unknown option",
        ),
        (
            "generate",
            br#"{"dir": "/tmp/x"}"#,
            400,
            "unknown option \"dir\"",
        ),
        ("generate", br#"{"symmetry": "sideways"}"#, 400, "sideways"),
        (
            "count",
            br#"{"puzzle": "x", "limit": 0}"#,
            400,
            "at least 1",
        ),
        (
            "render",
            br#"{"puzzle": "x", "png": 3}"#,
            400,
            "true or false",
        ),
        ("convert", br#"{"puzzle": "x", "to": "pdf"}"#, 400, "pdf"),
        (
            "check",
            br#"{"puzzle": "x", "witness": {"a": 1}}"#,
            400,
            "a number, a string",
        ),
    ];
    for &(endpoint, body, status, says) in cases {
        let reply = server.send(
            "POST",
            &format!("/api/{endpoint}"),
            &[("Content-Type", "application/json")],
            body,
        );
        let text = String::from_utf8_lossy(body);
        assert_eq!(reply.status, status, "{endpoint} {text}: {}", reply.text());
        let error = reply.json()["error"].as_str().unwrap().to_string();
        assert!(error.contains(says), "{endpoint} {text}: {error}");
    }
    // Givens that break the rules: the record with status error, and 422.
    let conflict = server.post("check", &json!({"puzzle": CONFLICT}));
    assert_eq!(conflict.status, 422);
    let record = conflict.json();
    assert_eq!(record["status"], "error");
    assert!(
        record["error"].as_str().unwrap().contains("r1c3 and r1c8"),
        "{record}"
    );
    for endpoint in ["candidates", "hint", "explain"] {
        let reply = server.post(endpoint, &json!({"puzzle": CONFLICT}));
        assert_eq!(reply.status, 422, "{endpoint}: {}", reply.text());
        assert!(reply.json()["error"].is_string());
    }
    // The picture draws them, for the page to show where they clash.
    let drawn = server.post("render", &json!({"puzzle": CONFLICT}));
    assert_eq!(drawn.status, 200, "{}", drawn.text());
    // Not a page, not a method.
    assert_eq!(server.send("GET", "/api/check", &[], b"").status, 405);
    assert_eq!(server.send("POST", "/api/nothing", &[], b"{}").status, 404);
    assert_eq!(server.send("GET", "/etc/passwd", &[], b"").status, 404);
}

#[test]
fn the_page_is_small_and_safe() {
    let server = Server::start(&[]);
    let mut total = 0;
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let reply = server.send("GET", path, &[], b"");
        assert_eq!(reply.status, 200, "{path}");
        assert!(reply.header("content-type").unwrap().starts_with(kind));
        assert!(reply.header("content-security-policy").is_some());
        total += reply.body.len();
    }
    assert!(total < 300 << 10, "the page weighs {total} bytes");
    let page = server.send("GET", "/", &[], b"").text();
    for remote in ["src=\"http", "href=\"http", "src=\"//", "href=\"//"] {
        assert!(!page.contains(remote), "nothing is loaded from elsewhere");
    }
    // No cross-origin use: no CORS header, another site's page refused, a foreign Host too.
    let answer = server.send(
        "POST",
        "/api/check",
        &[("Origin", "http://evil.example")],
        json!({"puzzle": PUZZLE}).to_string().as_bytes(),
    );
    assert_eq!(answer.status, 403);
    assert!(answer.header("access-control-allow-origin").is_none());
    let own = format!("http://{}", server.address);
    let answer = server.send(
        "POST",
        "/api/check",
        &[("Origin", own.as_str())],
        json!({"puzzle": PUZZLE}).to_string().as_bytes(),
    );
    assert_eq!(answer.status, 200);
    assert!(answer.header("access-control-allow-origin").is_none());
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let body = json!({"puzzle": PUZZLE}).to_string();
    write!(
        stream,
        "POST /api/check HTTP/1.1\r\nHost: rebound.example:80\r\nConnection: close\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    assert_eq!(Reply::parse(&raw).status, 403);
}

#[test]
fn an_oversized_body_is_413() {
    let server = Server::start(&["--max-body", "1000"]);
    let big = json!({"puzzle": ".".repeat(5000)}).to_string();
    let reply = server.send("POST", "/api/check", &[], big.as_bytes());
    assert_eq!(reply.status, 413);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("1000 bytes"));
    assert_eq!(server.post("check", &json!({"puzzle": PUZZLE})).status, 200);
}

#[test]
fn limits_answer_unknown_as_the_command_line_does() {
    let server = Server::start(&["--max-nodes", "5000", "--timeout", "5"]);
    // The request asks for more than the server allows: the server's ceiling holds.
    let count = server
        .post(
            "count",
            &json!({"puzzle": EMPTY, "max_nodes": 1_000_000_000u64}),
        )
        .json();
    assert_eq!(count["status"], "unknown");
    assert_eq!(count["complete"], false);
    assert!(count["nodes"].as_u64().unwrap() <= 6000, "{count}");
    let timed = server
        .post("count", &json!({"puzzle": EMPTY, "timeout": 0.2}))
        .json();
    assert_eq!(timed["status"], "unknown");
    let cli = crate::common::sudokux(&["count", "--json", "--max-nodes", "5000"], EMPTY);
    let line: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(line["status"], count["status"]);
    assert_eq!(line["complete"], count["complete"]);
    let marks = server.post("candidates", &json!({"puzzle": EMPTY})).json();
    assert!(
        marks["status"] == "unknown" || marks["status"] == "ok",
        "{marks}"
    );
}

/// Reads server-sent events from `stream` until one named `name`; its data.
fn read_event(reader: &mut impl BufRead, name: &str) -> String {
    let mut event = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "the stream ended");
        let line = line.trim();
        if let Some(e) = line.strip_prefix("event:") {
            event = e.trim().to_string();
        } else if let Some(data) = line.strip_prefix("data:") {
            if event == name {
                return data.trim().to_string();
            }
        }
    }
}

fn open_count(server: &Server, body: &Value) -> BufReader<TcpStream> {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let body = body.to_string();
    write!(
        stream,
        "POST /api/count HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        server.address,
        body.len()
    )
    .unwrap();
    BufReader::new(stream)
}

#[test]
fn a_long_count_streams_progress_and_stops_when_the_client_goes_away() {
    let server = Server::start(&["--max-jobs", "1", "--timeout", "120"]);
    let mut reader = open_count(&server, &json!({"puzzle": EMPTY}));
    let progress: Value = serde_json::from_str(&read_event(&mut reader, "progress")).unwrap();
    assert!(progress["nodes"].as_u64().unwrap() > 0, "{progress}");
    let later: Value = serde_json::from_str(&read_event(&mut reader, "progress")).unwrap();
    assert!(later["solutions"].as_u64() >= progress["solutions"].as_u64());
    // The one slot is taken: another search is refused at once, not queued.
    let started = Instant::now();
    let busy = server.post("check", &json!({"puzzle": PUZZLE}));
    assert_eq!(busy.status, 503, "{}", busy.text());
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(server.status()["running"], 1);
    // The client goes away: its search stops, and the slot is free again.
    drop(reader);
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.status()["running"] != 0 {
        assert!(Instant::now() < deadline, "the count kept running");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(server.post("check", &json!({"puzzle": PUZZLE})).status, 200);

    // A plain (not streamed) request dropped mid-search stops too.
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let body = json!({"puzzle": EMPTY}).to_string();
    write!(
        stream,
        "POST /api/count HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n{body}",
        server.address,
        body.len()
    )
    .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while server.status()["running"] != 1 {
        assert!(Instant::now() < deadline, "the count did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stream);
    while server.status()["running"] != 0 {
        assert!(Instant::now() < deadline, "the count kept running");
        std::thread::sleep(Duration::from_millis(50));
    }

    // A count that ends streams its answer.
    let mut reader = open_count(&server, &json!({"puzzle": TWO}));
    let result: Value = serde_json::from_str(&read_event(&mut reader, "result")).unwrap();
    assert_eq!(result["count"], 2);
}

#[test]
fn a_burst_of_concurrent_requests_is_answered_or_refused_at_once() {
    let jobs = 2;
    let server = Server::start(&["--max-jobs", "2", "--timeout", "1"]);
    let clients = 24;
    let statuses: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..clients)
            .map(|k| {
                let server = &server;
                scope.spawn(move || {
                    let body = match k % 3 {
                        0 => json!({"puzzle": EMPTY, "timeout": 0.5}),
                        1 => json!({"puzzle": PUZZLE}),
                        _ => json!({"puzzle": "garbage"}),
                    };
                    let endpoint = if k % 3 == 0 { "count" } else { "check" };
                    let reply = server.post(endpoint, &body);
                    (reply.status, reply.json())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut answered = 0;
    for (k, (status, body)) in statuses.iter().enumerate() {
        match (k % 3, status) {
            // Garbage is read inside a search's slot: refused as bad input, it was answered
            // too (two garbage requests can hold both slots while the others are turned away).
            (2, 400) | (_, 200) => answered += 1,
            (_, 503) => assert!(body["error"].as_str().unwrap().contains("busy")),
            _ => panic!("request {k}: {status} {body}"),
        }
    }
    assert!(
        answered >= jobs,
        "only {answered} answered or refused as bad input"
    );
    assert_eq!(server.status()["running"], 0);
}

#[test]
fn fuzzed_bodies_never_break_the_server() {
    let server = Server::start(&["--max-nodes", "20000", "--timeout", "1"]);
    let endpoints = [
        "check",
        "solve",
        "count",
        "candidates",
        "hint",
        "explain",
        "render",
        "convert",
        "generate",
    ];
    let seeds = [
        json!({"puzzle": PUZZLE}),
        json!({"puzzle": TWO, "witness": true}),
        json!({"puzzle": NONE, "limit": 3}),
        json!({"puzzle": CONFLICT, "diagonals": true}),
        json!({"size": 4, "seed": 2}),
        json!({"puzzle": "size = 4\ngivens = \"1...\"\n", "to": "url"}),
    ];
    let values = [
        json!(null),
        json!(true),
        json!(-1),
        json!(1e300),
        json!("--output=/tmp/x"),
        json!([]),
        json!({}),
        json!("9x9"),
        json!(""),
    ];
    let keys = [
        "puzzle",
        "givens",
        "size",
        "box",
        "symbols",
        "witness",
        "limit",
        "timeout",
        "max_nodes",
        "to",
        "cell",
        "seed",
        "symmetry",
        "output",
        "png",
        "difficulty",
    ];
    let mut rng = Rng::new(34);
    for round in 0..150 {
        let endpoint = endpoints[rng.below(endpoints.len())];
        let mut body = seeds[rng.below(seeds.len())].clone();
        for _ in 0..rng.below(3) {
            let key = keys[rng.below(keys.len())];
            body[key] = values[rng.below(values.len())].clone();
        }
        let mut bytes = body.to_string().into_bytes();
        match rng.below(4) {
            0 => {
                let cut = rng.below(bytes.len() + 1);
                bytes.truncate(cut);
            }
            1 if !bytes.is_empty() => {
                let k = rng.below(bytes.len());
                bytes[k] = rng.below(256) as u8;
            }
            _ => {}
        }
        let reply = server.send(
            "POST",
            &format!("/api/{endpoint}"),
            &[("Content-Type", "application/json")],
            &bytes,
        );
        let shown = String::from_utf8_lossy(&bytes);
        assert!(
            matches!(reply.status, 200 | 400 | 413 | 422),
            "round {round}: {endpoint} {shown}: {} {}",
            reply.status,
            reply.text()
        );
        if reply.header("content-type") == Some("application/json") {
            let answer = reply.json();
            if reply.status != 200 {
                assert!(answer["error"].is_string(), "{endpoint} {shown}: {answer}");
            }
        }
    }
    assert_eq!(server.post("check", &json!({"puzzle": PUZZLE})).status, 200);
}
