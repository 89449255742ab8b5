//! The page: one HTML file, its style sheet and its script, built into the binary (no CDN,
//! nothing fetched at run time, no build step). The script asks the JSON API for everything
//! it shows; the puzzle is drawn by the same renderer as `sudokux render`.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");
const ICON: &str = include_str!("page/favicon.svg");

/// What the page may load: itself only (the puzzle's SVG is inline, downloads are blobs).
const POLICY: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' \
                      'unsafe-inline'; script-src 'self'; connect-src 'self'; \
                      frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

fn asset(body: &'static str, kind: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

pub async fn index() -> Response {
    asset(INDEX, "text/html; charset=utf-8")
}

pub async fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

pub async fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

pub async fn icon() -> Response {
    asset(ICON, "image/svg+xml")
}
