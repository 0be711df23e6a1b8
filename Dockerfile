# The Schocken bot in a small image (see the README, "Running it for a server"): built with the
# Rust toolchain, run as a non-root user, the SQLite database in the volume /data. With
# DATABASE_URL=postgres://… the volume stays empty.
#
#   docker build -t schocken .
#   docker run -d --name schocken -e DISCORD_TOKEN=… -v schocken-data:/data schocken

FROM rust:1.95-slim-bookworm AS build
# make for jemalloc's C build (the image has gcc).
RUN apt-get update \
    && apt-get install -y --no-install-recommends make \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin schocken \
    && cp target/release/schocken /usr/local/bin/schocken

FROM debian:bookworm-slim
# CA certificates for the platforms' HTTPS (the bot's TLS is rustls with its own roots; the
# system's serve a PostgreSQL server with a private CA).
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home schocken \
    && mkdir /data \
    && chown schocken:schocken /data
COPY --from=build /usr/local/bin/schocken /usr/local/bin/schocken
USER schocken
WORKDIR /data
VOLUME /data
ENV DATABASE_URL=sqlite:///data/schocken.db \
    RUST_LOG=info
# docker stop sends SIGTERM: the bot stops gracefully (no new events, those in flight answered
# and written, the store closed) within 10 s.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/schocken"]
