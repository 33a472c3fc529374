"""gunicorn's settings for both servers (bin/serve passes this file with --config).

A request line may be as long as gunicorn allows (8190 bytes; its default is 4094): the API
reads addresses of up to 8,000 characters and refuses longer ones in its error shape (414,
apps/core/middleware.py's MAX_URL_CHARS). A line past 8190 bytes is refused by gunicorn itself,
with its own page, as a TLS proxy in front refuses what passes its own limit."""

limit_request_line = 8190
