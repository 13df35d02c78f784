"""The manifest a phone installs the app from, its icons, and the service worker's script."""

from __future__ import annotations


def test_the_manifest_names_the_app_and_its_icons(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    assert (body["start_url"], body["display"], body["short_name"]) == ("/", "standalone",
                                                                        "SquareScores")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in body["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in body["icons"]:
        with client.get(icon["src"]) as drawn:
            assert drawn.data.startswith(b"\x89PNG")
    page = client.get("/").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in page
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript" and worker.headers["Cache-Control"] == "no-cache"
