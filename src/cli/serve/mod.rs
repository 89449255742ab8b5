//! `sudokux serve`: the web page and its JSON API, on this machine.
//!
//! - `request.rs` reads a request's JSON body into the arguments of the command it stands
//!   for, with the command line's own parser;
//! - `answers.rs` answers it with the commands' own functions;
//! - `jobs.rs` bounds the searches running at once, each with a watch that a closed
//!   connection stops;
//! - `page.rs` is the page (HTML, CSS, JavaScript in `page/`, built into the binary);
//! - here: the HTTP server (axum on tokio), its routes, and what no request may do.
//!
//! Safe by default: loopback unless `--host` says otherwise; a request from another site's
//! page (an `Origin` that is not this server) or through a name that is not this machine's
//! (a `Host` other than loopback's, when listening on loopback) is refused; bodies are bounded
//! (`--max-body`); every search has a time and a node limit; over `--max-jobs` searches the
//! API answers 503 at once; nothing on the machine is read or written through it, and no
//! `Access-Control-Allow-Origin` header is ever sent.

mod answers;
mod jobs;
mod page;
mod request;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use serde_json::json;

use self::answers::Answer;
use self::jobs::{Jobs, StopOnDrop};
use self::request::{Ceilings, Endpoint, Refused};
use crate::args::{Command, ServeArgs};
use crate::error::{CliError, Exit};

/// What every request shares.
struct Server {
    jobs: Arc<Jobs>,
    ceilings: Ceilings,
    max_body: usize,
    /// Listening on loopback: only loopback names are taken in `Host`.
    loopback: bool,
}

/// How often a streamed count reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Runs the server until the process is stopped.
pub fn run(args: ServeArgs) -> Result<Exit, CliError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max_jobs = args.max_jobs.unwrap_or(cores);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        .max_blocking_threads(max_jobs + 1)
        .enable_all()
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start the server: {e}")))?;
    runtime.block_on(serve(args, max_jobs))
}

async fn serve(args: ServeArgs, max_jobs: usize) -> Result<Exit, CliError> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| {
            CliError::Usage(format!(
                "--host {} --port {}: cannot listen there: {e}",
                args.host, args.port
            ))
        })?;
    let address = listener
        .local_addr()
        .map_err(|e| CliError::Usage(format!("cannot listen: {e}")))?;
    let server = Arc::new(Server {
        jobs: Jobs::new(max_jobs),
        ceilings: Ceilings {
            timeout: args.timeout,
            max_nodes: args.max_nodes,
        },
        max_body: args.max_body,
        loopback: address.ip().is_loopback(),
    });
    let router = Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/favicon.svg", get(page::icon))
        .route("/api/status", get(status))
        .route("/api/{name}", any(api))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(args.max_body))
        .with_state(server);
    let url = url(address);
    say!("sudokux: serving the page and its API at {url} (Ctrl-C stops)");
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{url}").and_then(|()| out.flush());
    }
    if args.open {
        open_browser(&url);
    }
    axum::serve(listener, router)
        .await
        .map_err(|e| CliError::Usage(format!("the server stopped: {e}")))?;
    Ok(Exit::Ok)
}

/// The address to open: `localhost`'s numbers as they are, IPv6 in brackets.
fn url(address: SocketAddr) -> String {
    format!("http://{address}/")
}

/// Opens `url` in the default browser, or says how to.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/c", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let spawned = std::process::Command::new(opener.0)
        .args(&opener.1)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(error) = spawned {
        say!(
            "sudokux: --open: cannot start {}: {error}; open {url} yourself",
            opener.0
        );
    }
}

/// A JSON answer.
fn json_response(status: u16, text: String) -> Response {
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST);
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn refused(refused: &Refused) -> Response {
    json_response(refused.status, refused.body().to_string())
}

async fn not_found() -> Response {
    refused(&Refused {
        status: 404,
        message: "no such page: the page is /, the API is POST /api/check, /api/solve, \
                  /api/count, /api/candidates, /api/hint, /api/explain, /api/render, \
                  /api/convert, /api/generate"
            .into(),
    })
}

/// `GET /api/status`: the searches running and the limits.
async fn status(State(server): State<Arc<Server>>) -> Response {
    let body = json!({
        "version": env!("CARGO_PKG_VERSION"),
        "running": server.jobs.running(),
        "max_jobs": server.jobs.max(),
        "max_body": server.max_body,
        "timeout": server.ceilings.timeout.as_secs_f64(),
        "max_nodes": server.ceilings.max_nodes,
    });
    json_response(200, body.to_string())
}

/// Whether a request comes from this server's own page or from no page at all (curl), and
/// through a name of this machine when it listens on loopback: what keeps another site's
/// page (or a name rebound to 127.0.0.1) from using the API through a visitor's browser.
fn allowed(server: &Server, headers: &HeaderMap) -> Result<(), Refused> {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if server.loopback {
        let name = match host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            _ => host,
        };
        let local =
            ["localhost", "127.0.0.1", "[::1]", ""].contains(&name) || name.starts_with("127.");
        if !local {
            return Err(Refused {
                status: 403,
                message: format!("Host {host:?} is not this machine's name"),
            });
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let same = origin
            .strip_prefix("http://")
            .is_some_and(|authority| authority == host);
        if !same {
            return Err(Refused {
                status: 403,
                message: format!("requests from another site ({origin}) are refused"),
            });
        }
    }
    Ok(())
}

/// `POST /api/NAME`.
async fn api(
    State(server): State<Arc<Server>>,
    Path(name): Path<String>,
    method: Method,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let Some(endpoint) = Endpoint::ALL.into_iter().find(|e| e.name() == name) else {
        return not_found().await;
    };
    if method != Method::POST {
        let mut response = refused(&Refused {
            status: 405,
            message: format!("/api/{name} takes POST with a JSON body"),
        });
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("POST"));
        return response;
    }
    if let Err(refusal) = allowed(&server, &headers) {
        return refused(&refusal);
    }
    let body = match body {
        Ok(body) => body,
        Err(rejection) => {
            let status = rejection.status().as_u16();
            let message = if status == 413 {
                format!(
                    "the body is over {} bytes (the server's --max-body)",
                    server.max_body
                )
            } else {
                rejection.body_text()
            };
            return refused(&Refused { status, message });
        }
    };
    let request = match request::read(endpoint, &body, server.ceilings) {
        Ok(request) => request,
        Err(refusal) => return refused(&refusal),
    };
    let Some(slot) = server.jobs.take() else {
        let mut response = refused(&Refused {
            status: 503,
            message: format!(
                "busy: {} searches are running (the server's --max-jobs); try again",
                server.jobs.max()
            ),
        });
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    };
    let slot = Arc::new(slot);
    let stop = StopOnDrop(Arc::clone(&slot));
    let streamed = matches!(request.command, Command::Count { .. })
        && headers
            .get(header::ACCEPT)
            .and_then(|a| a.to_str().ok())
            .is_some_and(|a| a.contains("text/event-stream"));
    let watch = slot.watch;
    let (send, receive) = tokio::sync::oneshot::channel();
    tokio::task::spawn_blocking(move || {
        let answer = answers::answer(request, watch);
        // The slot goes back once both the search and the request are done.
        drop(slot);
        let _ = send.send(answer);
    });
    if streamed {
        return stream_count(stop, receive).into_response();
    }
    let answer = receive.await;
    drop(stop);
    match answer {
        Ok(Ok(answer)) => respond(answer),
        Ok(Err(refusal)) => refused(&refusal),
        Err(_) => refused(&Refused {
            status: 503,
            message: "the search ended without an answer".into(),
        }),
    }
}

fn respond(answer: Answer) -> Response {
    match answer.body {
        answers::Body::Json(text) => json_response(answer.status, text),
        answers::Body::Png(bytes) => {
            let mut response = Response::new(Body::from(bytes));
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
            response
        }
    }
}

type Outcome = Result<Result<Answer, Refused>, tokio::sync::oneshot::error::RecvError>;

/// A count's progress as server-sent events (`progress`: nodes, solutions, share explored),
/// then its answer (`result`, or `error` with the refusal). Dropped when the client goes
/// away, which stops the search.
fn stream_count(
    stop: StopOnDrop,
    receive: tokio::sync::oneshot::Receiver<Result<Answer, Refused>>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let state = Some((stop, receive));
    let events = futures_util::stream::unfold(state, |state| async move {
        let (stop, mut receive) = state?;
        let outcome: Option<Outcome> = tokio::time::timeout(PROGRESS_EVERY, &mut receive)
            .await
            .ok();
        let event = match outcome {
            None => {
                let watch = stop.0.watch;
                let data = json!({
                    "nodes": watch.nodes(),
                    "solutions": watch.solutions(),
                    "explored": watch.explored(),
                });
                let event = Event::default().event("progress").data(data.to_string());
                return Some((Ok(event), Some((stop, receive))));
            }
            Some(Ok(Ok(Answer {
                body: answers::Body::Json(text),
                ..
            }))) => Event::default().event("result").data(text),
            Some(Ok(Err(refusal))) => Event::default()
                .event("error")
                .data(refusal.body().to_string()),
            Some(_) => Event::default()
                .event("error")
                .data(json!({"error": "the search ended without an answer"}).to_string()),
        };
        Some((Ok(event), None))
    });
    Sse::new(events)
}
