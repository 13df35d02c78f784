"""The live section of `make bench`: phones holding event streams while hosts write, and beside
it phones polling every 1.5 s with If-None-Match as the sheet page did before streams.

Phones are asyncio connections in processes of their own (raw HTTP/1.1 on loopback); the hosts'
writes come from threads of this process, at a steady rate spread over the tables. Latency is
the time from a write's answer reaching its host to each phone at that table learning of that
version (an event or a poll answering 200), on this machine's one monotonic clock."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import multiprocessing
import random
import resource
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from launcher import HOST, Server, request

PHONES_PER_TABLE = 4
CONNECTING = 200  # connections each client process opens at once, unless phones arrive freely
RETRY_SECONDS = 0.5  # a phone whose connection failed tries again after this (and a random bit)
READY_WITHIN = 300  # seconds for every phone to hold its stream (or fail)


def raise_file_limit() -> None:
    """Each phone is a socket: as many descriptors as the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def seed_tables(port: int, tables: int) -> list[dict[str, Any]]:
    """`tables` four-player free sheets: each one's id and tokens."""

    def create(_: int) -> dict[str, Any]:
        status, _, body = request(port, "POST", "/api/v1/matches", json_body={
            "game": "generic", "players": ["Ana", "Ben", "Cy", "Dee"]})
        assert status == 201, body
        created = json.loads(body)
        return {"id": created["id"], "tokens": created["tokens"]}

    with ThreadPoolExecutor(8) as pool:
        return list(pool.map(create, range(tables)))


def memory_kb(server: Server) -> int:
    """The resident memory of gunicorn's workers, together, in KB."""
    total = 0
    for pid in server.worker_pids():
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": float("nan"), "p95": float("nan"), "p99": float("nan"),
                "max": float("nan")}
    values = sorted(values)

    def at(share: float) -> float:
        return values[min(len(values) - 1, max(0, int(round(share * len(values))) - 1))]

    return {"p50": statistics.median(values), "p95": at(0.95), "p99": at(0.99),
            "max": values[-1]}


# The hosts: writes at a steady rate, each answered time kept.

class Hosts:
    """Writes rounds at `rate` a second, spread over the tables in a shuffled order, from a few
    threads (so that one slow answer does not delay the next write)."""

    def __init__(self, port: int, tables: list[dict[str, Any]], rate: float, seconds: float):
        self.port, self.tables, self.rate, self.seconds = port, tables, rate, seconds
        self.written: list[tuple[str, int, float]] = []  # match, version, answered at
        self.errors: list[str] = []
        self._lock = threading.Lock()

    def run(self) -> None:
        order = list(range(len(self.tables)))
        random.Random(14).shuffle(order)
        count = int(self.rate * self.seconds)
        start = time.monotonic() + 0.2
        threads = 4

        def host(first: int) -> None:
            connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
            for n in range(first, count, threads):
                delay = start + n / self.rate - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                table = self.tables[order[n % len(order)]]
                try:
                    status, _, body = request(
                        self.port, "POST", f"/api/v1/matches/{table['id']}/rounds",
                        table["tokens"]["host"], {"scores": [n % 7, 1, 2, 3]},
                        connection=connection)
                except (OSError, http.client.HTTPException) as error:
                    connection.close()
                    connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
                    with self._lock:
                        self.errors.append(f"write: {error!r}")
                    continue
                answered = time.monotonic()
                with self._lock:
                    if status == 201:
                        self.written.append((table["id"], json.loads(body)["version"],
                                             answered))
                    else:
                        self.errors.append(f"write answered {status}")
            connection.close()

        workers = [threading.Thread(target=host, args=(i,)) for i in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()


def learned_latencies(written: list[tuple[str, int, float]],
                      heard: list[tuple[str, list[tuple[int, float]]]]
                      ) -> tuple[list[float], int]:
    """For every write and every phone at its table: when the phone first knew of that version
    or a later one, after the write's answer (a phone may hear before its host does: 0). And how
    many phones never learned of a write."""
    by_match: dict[str, list[list[tuple[int, float]]]] = {}
    for match_id, seen in heard:
        by_match.setdefault(match_id, []).append(seen)
    latencies, missed = [], 0
    for match_id, version, answered in written:
        for seen in by_match.get(match_id, []):
            when = next((t for v, t in seen if v >= version), None)
            if when is None:
                missed += 1
            else:
                latencies.append(max(0.0, when - answered))
    return latencies, missed


# Phones holding streams.

def _stream_request(table: dict[str, Any], seat: int) -> bytes:
    """Half the phones stream as the pages do (link in the path), half through the API."""
    token = table["tokens"]["view"] if seat == 3 else table["tokens"]["seats"][seat]
    if seat % 2:
        head = f"GET /m/{token}/events HTTP/1.1\r\n"
    else:
        head = (f"GET /api/v1/matches/{table['id']}/events HTTP/1.1\r\n"
                f"Authorization: Bearer {token}\r\n")
    return (head + f"Host: {HOST}\r\nAccept: text/event-stream\r\n\r\n").encode()


async def _hold_stream(port: int, phone: tuple[str, bytes], heard: list, errors: list,
                       gate: asyncio.Semaphore | None, ready: asyncio.Event, pending: list[int],
                       stop: asyncio.Event, arrive: float, failed: list[str]) -> None:
    """One phone's stream. With `gate`, it connects when one of the gate's places is free;
    without, it arrives at a random moment within `arrive` seconds, as phones coming back after
    a Wi-Fi blip do. A connection that fails before the stream's answer (refused, reset, timed
    out) is an attempt `failed`, and the phone tries again, as the page's EventSource does."""
    match_id, raw = phone
    seen: list[tuple[int, float]] = []
    heard.append((match_id, seen))
    first = True

    def opened() -> None:
        nonlocal first
        if first:
            first = False
            pending[0] -= 1
            if pending[0] == 0:
                ready.set()

    writer = None
    try:
        if gate is None:
            await asyncio.sleep(random.random() * arrive)
        for attempt in range(30):
            try:
                async with gate or contextlib.nullcontext():
                    reader, writer = await asyncio.open_connection(HOST, port)
                    writer.write(raw)
                    head = await reader.readuntil(b"\r\n\r\n")
                break
            except (OSError, asyncio.IncompleteReadError) as error:
                failed.append(type(error).__name__)
                if writer is not None:
                    writer.close()
                    writer = None
                if attempt == 29 or stop.is_set():
                    raise
                await asyncio.sleep(RETRY_SECONDS * (1 + random.random()))
        status = int(head.split(b" ", 2)[1])
        if status != 200:
            errors.append(f"stream answered {status}")
            return
        body = b""
        while True:
            size_line = await reader.readline()
            if not size_line or int(size_line.strip() or b"0", 16) == 0:
                if not stop.is_set():
                    errors.append("a stream ended")
                return
            size = int(size_line.strip(), 16)
            body += (await reader.readexactly(size + 2))[:-2]
            now = time.monotonic()
            while b"\n\n" in body:
                block, body = body.split(b"\n\n", 1)
                for line in block.split(b"\n"):
                    if line.startswith(b"id: "):
                        seen.append((int(line[4:]), now))
                        opened()
    except (OSError, asyncio.IncompleteReadError, ValueError) as error:
        if not stop.is_set():
            when = "before its first event" if first else "after its first event"
            errors.append(f"stream: {type(error).__name__} {when}")
    finally:
        opened()
        if writer is not None:
            writer.close()


def _streaming_phones(port: int, phones: list[tuple[str, bytes]], arrive: float, started,
                      stop_flag, results) -> None:
    """A client process: holds its phones' streams until told to stop, then reports."""
    raise_file_limit()

    async def main() -> None:
        heard: list = []
        errors: list[str] = []
        failed: list[str] = []
        gate = asyncio.Semaphore(CONNECTING) if not arrive else None
        ready, stop = asyncio.Event(), asyncio.Event()
        pending = [len(phones)]
        tasks = [asyncio.create_task(_hold_stream(port, phone, heard, errors, gate, ready,
                                                  pending, stop, arrive, failed))
                 for phone in phones]
        await ready.wait()
        started.put((len(errors), failed))
        while not stop_flag.is_set():
            await asyncio.sleep(0.05)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        results.put((heard, errors))

    asyncio.run(main())


def streams(server: Server, phones: int, rate: float, seconds: float,
            processes: int, arrive: float = 0) -> dict[str, Any]:
    """`phones` streams on phones/4 tables while hosts write `rate` rounds a second; with
    `arrive`, the phones come within that many seconds, each when it will (else each client
    process connects CONNECTING at a time)."""
    tables = seed_tables(server.port, max(1, phones // PHONES_PER_TABLE))
    everyone = [(table["id"], _stream_request(table, seat))
                for seat in range(PHONES_PER_TABLE) for table in tables][:phones]
    random.Random(5).shuffle(everyone)
    time.sleep(1)
    before = memory_kb(server)
    context = multiprocessing.get_context("fork")
    started, results, stop_flag = context.Queue(), context.Queue(), context.Event()
    clients = [context.Process(target=_streaming_phones,
                               args=(server.port, everyone[i::processes], arrive, started,
                                     stop_flag, results)) for i in range(processes)]
    began = time.monotonic()
    for client in clients:
        client.start()
    connect_errors, failed = 0, []
    for _ in clients:
        some_errors, some_failed = started.get(timeout=READY_WITHIN)
        connect_errors += some_errors
        failed += some_failed
    connected_in = time.monotonic() - began
    time.sleep(1)
    holding = memory_kb(server)

    hosts = Hosts(server.port, tables, rate, seconds)
    hosts.run()
    time.sleep(2)  # the last writes' events
    stop_flag.set()
    heard, errors = [], []
    for _ in clients:
        some_heard, some_errors = results.get(timeout=60)
        heard += some_heard
        errors += some_errors
    for client in clients:
        client.join(timeout=30)
    latencies, missed = learned_latencies(hosts.written, heard)
    return {"phones": phones, "tables": len(tables), "writes": len(hosts.written),
            "seconds": seconds, "rate": rate, "connected_in": connected_in,
            "latency": percentiles(latencies), "samples": len(latencies),
            "errors": len(errors) + len(hosts.errors) + missed,
            "error_kinds": sorted(set(errors + hosts.errors))[:5], "missed": missed,
            "connect_errors": connect_errors, "failed_attempts": len(failed),
            "failed_kinds": sorted(set(failed))[:5], "processes": processes, "arrive": arrive,
            "kb_per_stream": (holding - before) / max(1, phones),
            "memory_mb": holding / 1024}


# Phones polling, as the sheet page did before streams.

async def _poll(port: int, phone: tuple[str, str], interval: float, heard: list,
                polls: list[float], errors: list[str], stop: asyncio.Event) -> None:
    match_id, token = phone
    seen: list[tuple[int, float]] = []
    heard.append((match_id, seen))
    version = 1
    await asyncio.sleep(random.random() * interval)  # phones open the page at different times
    reader = writer = None
    while not stop.is_set():
        began = time.monotonic()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection(HOST, port)
            writer.write((f"GET /api/v1/matches/{match_id} HTTP/1.1\r\nHost: {HOST}\r\n"
                          f"Authorization: Bearer {token}\r\n"
                          f'If-None-Match: "{version}"\r\n\r\n').encode())
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            body = await reader.readexactly(length) if length else b""
            now = time.monotonic()
            polls.append(now - began)
            if status == 200:
                version = json.loads(body)["version"]
                seen.append((version, now))
            elif status != 304:
                errors.append(f"poll answered {status}")
            if b"connection: close" in head.lower():
                writer.close()
                reader = writer = None
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            errors.append(f"poll: {type(error).__name__}")
            if writer is not None:
                writer.close()
            reader = writer = None
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - began)))
    if writer is not None:
        writer.close()


def _polling_phones(port: int, phones: list[tuple[str, str]], interval: float, started,
                    stop_flag, results) -> None:
    raise_file_limit()

    async def main() -> None:
        heard: list = []
        polls: list[float] = []
        errors: list[str] = []
        stop = asyncio.Event()
        tasks = [asyncio.create_task(_poll(port, phone, interval, heard, polls, errors, stop))
                 for phone in phones]
        started.put(0)
        while not stop_flag.is_set():
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        results.put((heard, polls, errors))

    asyncio.run(main())


def polling(server: Server, phones: int, rate: float, seconds: float, processes: int,
            interval: float = 1.5) -> dict[str, Any]:
    """`phones` polling every `interval` s on phones/4 tables while hosts write."""
    tables = seed_tables(server.port, max(1, phones // PHONES_PER_TABLE))
    everyone = [(table["id"], table["tokens"]["view"] if seat == 3
                 else table["tokens"]["seats"][seat])
                for seat in range(PHONES_PER_TABLE) for table in tables][:phones]
    context = multiprocessing.get_context("fork")
    started, results, stop_flag = context.Queue(), context.Queue(), context.Event()
    clients = [context.Process(target=_polling_phones,
                               args=(server.port, everyone[i::processes], interval, started,
                                     stop_flag, results)) for i in range(processes)]
    for client in clients:
        client.start()
    for _ in clients:
        started.get(timeout=60)
    time.sleep(interval * 2)  # every phone polling at its pace
    hosts = Hosts(server.port, tables, rate, seconds)
    hosts.run()
    time.sleep(interval + 1)
    stop_flag.set()
    heard, polls, errors = [], [], []
    for _ in clients:
        some_heard, some_polls, some_errors = results.get(timeout=60)
        heard += some_heard
        polls += some_polls
        errors += some_errors
    for client in clients:
        client.join(timeout=30)
    latencies, missed = learned_latencies(hosts.written, heard)
    return {"phones": phones, "tables": len(tables), "writes": len(hosts.written),
            "seconds": seconds, "rate": rate, "latency": percentiles(latencies),
            "poll": percentiles(polls), "polls": len(polls),
            "errors": len(errors) + len(hosts.errors) + missed,
            "error_kinds": sorted(set(errors + hosts.errors))[:5], "missed": missed}
