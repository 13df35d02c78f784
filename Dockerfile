# SquareScores as a container image (SPEC section 15): `make image` builds it, compose.yaml runs
# it, docs/deploying.md ("With a container") says how. Every setting of docs/server.md is read
# from the environment; what the server keeps (the SQLite database, the secret key, backups) is in
# the volume /data.
#
# Behind a proxy that inspects TLS, give the build the machine's CA bundle, which pip then trusts:
#   podman build -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro .
# and another package index with --build-arg PIP_INDEX_URL=...

# The Debian both stages start from; the suite builds on one it makes itself (tests/image/).
ARG BASE=debian:bookworm-slim

FROM ${BASE} AS build
# Debian's own Python, the one the final stage runs: the virtualenv made here runs there as it is.
# pip is Debian's wheel of it, run from the wheel: its packages (python3-pip, python3-venv) would
# bring ca-certificates, whose set-up cannot write its bundle where a build mounts the machine's.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 binutils \
    && cd /tmp && apt-get download python3-pip-whl \
    && dpkg-deb --fsys-tarfile python3-pip-whl_*.deb | tar -x --strip-components=4 \
           ./usr/share/python-wheels/ \
    && apt-get clean && rm -rf /var/lib/apt/lists/* python3-pip-whl_*.deb
WORKDIR /opt/squarescores
ARG PIP_INDEX_URL=https://pypi.org/simple
COPY requirements.txt ./
# Wheels only: nothing is compiled, here or anywhere. --no-deps and `pip check`: a package that
# requirements.txt does not pin fails the build, rather than coming in at whatever version is
# newest that day. pip stays behind in this stage. Left out of what the final stage takes: the
# packages' own test suites, and Babel's data for every locale but those of the pages' languages
# (app/i18n.py's LANGUAGES: en, de, ar) and the root they inherit from, which no page ever asks
# for and which are a fifth of the virtualenv (tests/image/ opens a page in each language); and
# the symbols of the extension modules, which only a debugger reads (the libraries that wheels
# carry in their *.libs folders are left as they came). tests/image/ loads every one.
RUN python3 -m venv --without-pip .venv \
    && if [ -s /etc/ssl/certs/ca-certificates.crt ]; then \
           export PIP_CERT=/etc/ssl/certs/ca-certificates.crt; fi \
    && pip="/tmp/$(cd /tmp && echo pip-*.whl)/pip" \
    && .venv/bin/python "$pip" install --no-cache-dir --disable-pip-version-check \
           --only-binary=:all: --no-deps -r requirements.txt \
    && .venv/bin/python "$pip" check --disable-pip-version-check \
    && cd .venv/lib/python3*/site-packages \
    && find babel/locale-data -name '*.dat' ! -name root.dat ! -name 'en.dat' ! -name 'en_*' \
           ! -name 'de.dat' ! -name 'de_*' ! -name 'ar.dat' ! -name 'ar_*' -delete \
    && find . -depth -type d \( -name tests -o -name test \) -exec rm -r {} + \
    && find . -path './*.libs' -prune -o -name '*.so' -exec strip --strip-unneeded {} +
COPY config.py gunicorn.conf.py ./
COPY migrations migrations
COPY deploy/container deploy/container
COPY app app
# The pages' languages compiled (as `make translations` does), and every module compiled once
# here: on a read-only root filesystem nothing can be written beside the sources.
RUN for catalog in app/translations/*/LC_MESSAGES/messages.po; do \
        language=${catalog#app/translations/}; language=${language%%/*}; \
        .venv/bin/pybabel compile -l "$language" -i "$catalog" -o "${catalog%.po}.mo" || exit 1; \
    done \
    && .venv/bin/python -m compileall -q --invalidation-mode unchecked-hash \
           app migrations config.py gunicorn.conf.py deploy/container .venv/lib

FROM ${BASE}
# What the card draws with (app/web/card.py): DejaVu Sans, and FriBiDi, which Pillow's raqm
# loads to lay Arabic right to left. No compiler, no pip: the virtualenv comes made.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 fonts-dejavu-core libfribidi0 \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* /var/cache/debconf/*-old /var/log/apt /var/log/dpkg.log \
    && useradd --uid 1000 --user-group --home-dir /data --no-create-home \
           --shell /usr/sbin/nologin squarescores \
    && install -d -o squarescores -g squarescores -m 0700 /data /data/backups
COPY --from=build /opt/squarescores /opt/squarescores
WORKDIR /opt/squarescores
# The certificates that deliveries over HTTPS trust (SPEC section 12): Mozilla's, as certifi
# ships them and Apprise's requests reads them. A build-time bundle for a proxy would be mounted
# where Debian's ca-certificates writes its own, so the image carries certifi's instead.
RUN ln -s "$(.venv/bin/python -c 'import certifi; print(certifi.where())')" ca-certificates.pem
ENV PATH=/opt/squarescores/.venv/bin:$PATH \
    FLASK_APP=app:create_app \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    SSL_CERT_FILE=/opt/squarescores/ca-certificates.pem \
    INSTANCE_DIR=/data \
    DATABASE_URL=sqlite:////data/squarescores.db \
    BACKUP_DIR=/data/backups \
    PORT=8000
VOLUME /data
EXPOSE 8000
USER 1000:1000
# gunicorn's graceful stop: each worker ends its event streams and its delivery worker at once,
# and the master is gone within a few seconds, inside the engines' 10 s before a kill.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python3", "deploy/container/health.py"]
CMD ["deploy/container/serve"]

ARG VERSION=dev
ARG SOURCE=
ARG LICENSES=
LABEL org.opencontainers.image.title="SquareScores" \
      org.opencontainers.image.description="Score sheets for card games, beside the table." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.licenses="${LICENSES}"
