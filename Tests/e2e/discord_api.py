#!/usr/bin/env python3
"""A stand-in of Discord's HTTP API in its own shapes, on loopback, for the tests: webhooks
(`POST /api/webhooks/{id}/{token}`, answered 204 with Discord's rate-limit headers, or as a
test scripts it: 429 with `retry_after`, 404 for a deleted webhook, 5xx), the commands'
registration (`PUT /api/v10/applications/{id}/commands`, with `Authorization: Bot TOKEN`)
and a deferred answer's edit (`PATCH /api/v10/webhooks/{app}/{token}/messages/@original`).
Every request is kept, with the answer it got, for `GET /_control/requests`.

    discord_api.py --port 0 [--token BOT_TOKEN]   # prints "listening on PORT"

Controls: `POST /_control/script` `{"path": "/api/webhooks/1/x", "answers": [{"status":
429, "retry_after": 1.5}, {"status": 503}]}` sets the next answers of one path (a 429's
`"headers"` and `"body"`, when given, replace Discord's, to send what Discord never should,
`Retry-After: nan`);
`POST /_control/reset` forgets everything."""

import argparse
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
REQUESTS = []
SCRIPTS = {}
TOKEN = "bot-token"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_):
        pass

    def answer(self, status, body=None, headers=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def keep(self, status, body):
        try:
            parsed = json.loads(body) if body else None
        except ValueError:
            parsed = body.decode(errors="replace")
        with LOCK:
            REQUESTS.append({"method": self.command, "path": self.path, "status": status,
                             "at": time.time(), "body": parsed,
                             "authorization": self.headers.get("Authorization")})

    def do_GET(self):
        if self.path == "/_control/requests":
            with LOCK:
                return self.answer(200, list(REQUESTS))
        self.answer(404, {"message": "404: Not Found", "code": 0})

    def do_POST(self):
        body = self.body()
        if self.path == "/_control/script":
            order = json.loads(body)
            with LOCK:
                SCRIPTS[order["path"]] = list(order["answers"])
            return self.answer(200, {})
        if self.path == "/_control/reset":
            with LOCK:
                REQUESTS.clear()
                SCRIPTS.clear()
            return self.answer(200, {})
        if self.path.startswith("/api/webhooks/"):
            return self.webhook(body)
        self.answer(404, {"message": "404: Not Found", "code": 0})

    def webhook(self, body):
        with LOCK:
            script = SCRIPTS.get(self.path.split("?")[0]) or []
            scripted = script.pop(0) if script else {"status": 204}
        status = scripted["status"]
        self.keep(status, body)
        if status == 429:
            after = scripted.get("retry_after", 1.0)
            body = scripted.get("body", {"message": "You are being rate limited.",
                                         "retry_after": after, "global": False})
            headers = scripted.get("headers", {"Retry-After": str(int(after + 0.999)),
                                               "X-RateLimit-Limit": "5",
                                               "X-RateLimit-Remaining": "0",
                                               "X-RateLimit-Reset-After": str(after),
                                               "X-RateLimit-Scope": "shared"})
            return self.answer(429, body, headers)
        if status == 404:
            return self.answer(404, {"message": "Unknown Webhook", "code": 10015})
        if status >= 500:
            return self.answer(status, {"message": "Internal Server Error", "code": 0})
        self.answer(status, None, {"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "4",
                                   "X-RateLimit-Reset-After": "0.4",
                                   "X-RateLimit-Bucket": "stand-in"})

    def do_PUT(self):
        body = self.body()
        if self.path.startswith("/api/v10/applications/") and self.path.endswith("/commands"):
            authorized = self.headers.get("Authorization") == f"Bot {TOKEN}"
            self.keep(200 if authorized else 401, body)
            if not authorized:
                return self.answer(401, {"message": "401: Unauthorized", "code": 0})
            return self.answer(200, json.loads(body))
        self.answer(404, {"message": "404: Not Found", "code": 0})

    def do_PATCH(self):
        body = self.body()
        if self.path.startswith("/api/v10/webhooks/") and self.path.endswith("/messages/@original"):
            self.keep(200, body)
            return self.answer(200, json.loads(body) if body else {})
        self.answer(404, {"message": "404: Not Found", "code": 0})


def main():
    global TOKEN
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--token", default=TOKEN)
    options = parser.parse_args()
    # Ended by SIGTERM even when started from a thread that blocks or ignores it (a child
    # inherits both, and would outlive the tests).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    TOKEN = options.token
    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    print(f"listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
