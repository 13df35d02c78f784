"""The owner's page of where a group's results go (SPEC section 12): reached from the group's
page, it adds a destination (a sentence for each kind), shows a webhook's secret once, sends a
test, removes one, and says each delivery in plain words."""

from __future__ import annotations

from page_fixtures import Page
from receivers import until


def group_made(client, players=("Ana", "Ben")):
    response = client.post("/api/v1/groups", json={"name": "Thursday", "players": list(players)})
    return response.get_json()


def page(client, token, status=200):
    response = client.get(f"/g/{token}/destinations")
    assert response.status_code == status
    return Page(response) if status == 200 else None


def test_the_group_page_leads_its_owner_there_and_no_one_else(client):
    group = group_made(client)
    owner, view = group["tokens"]["owner"], group["tokens"]["view"]
    links = [a.get("href") for a in Page(client.get(f"/g/{owner}")).find_all("a")]
    assert f"/g/{owner}/destinations" in links
    links = [a.get("href") for a in Page(client.get(f"/g/{view}")).find_all("a")]
    assert not [href for href in links if href and "destinations" in href]
    page(client, view, 403)
    assert client.post(f"/g/{view}/destinations", data={"kind": "webhook"}).status_code == 403


def test_a_webhook_is_added_its_secret_shown_once_and_its_url_never_again(app, client,
                                                                          receiver):
    app.config["NOTIFY_NETWORKS"] = "any"
    group = group_made(client)
    owner, group_id = group["tokens"]["owner"], group["id"]
    dom = page(client, owner)
    kinds = dom.find_all("input", type="radio", name="kind")
    assert [k.get("value") for k in kinds] == ["notify", "webhook"]
    # Each kind and each event is said in a sentence.
    assert len([hint for hint in dom.find_all("p", class_="hint") if hint.text]) >= 7
    response = client.post(f"/g/{owner}/destinations", data={
        "kind": "webhook", "url": receiver.url, "events": ["match_banked", "night_ended"],
        "language": "de"})
    # Post/Redirect/Get: the answer to Add is a redirect, so a reload never adds it again.
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{owner}/destinations")
    shown = client.get(response.headers["Location"])
    assert "no-store" in shown.headers["Cache-Control"]
    secret = Page(shown).find("code", class_="secret-value").text
    assert len(secret) == 64
    again = client.get(f"/g/{owner}/destinations").get_data(as_text=True)
    assert secret not in again and receiver.url not in again
    assert len(client.get(f"/api/v1/groups/{group_id}/destinations",
                          headers={"Authorization": f"Bearer {owner}"})
               .get_json()["destinations"]) == 1
    assert f"http://127.0.0.1:{receiver.server.server_port}" in again
    assert "secret-path" not in again


def test_a_refusal_is_said_beside_its_field_with_what_was_typed_kept(client):
    owner = group_made(client)["tokens"]["owner"]
    response = client.post(f"/g/{owner}/destinations", data={
        "kind": "webhook", "url": "http://127.0.0.1:9/hook", "events": ["match_banked"],
        "language": "en"})
    assert response.status_code == 422
    dom = Page(response)
    assert dom.by_id("url").get("value") == "http://127.0.0.1:9/hook"
    assert "NOTIFY_NETWORKS" in dom.field_error("url")
    response = client.post(f"/g/{owner}/destinations", data={
        "kind": "webhook", "url": "https://example.org/", "language": "en"})
    assert Page(response).by_id("events-error") is not None


def test_a_test_is_sent_its_delivery_said_in_words_and_the_destination_removed(
        app, client, passes, receiver):
    owner = group_made(client)["tokens"]["owner"]
    client.post(f"/g/{owner}/destinations", data={
        "kind": "notify", "url": receiver.url.replace("http://", "json://"),
        "events": ["match_banked"], "language": "en"})
    (item,) = page(client, owner).find("ul", class_="destinations").find_all("li", id=True)
    assert "Nothing sent yet" in item.text
    test = item.find("form", action=f"/g/{owner}/destinations/{item.get('id')[12:]}/test")
    assert client.post(test.get("action")).status_code == 302
    delivery = page(client, owner).find("li", class_="delivery")
    assert "Waiting to be sent" in delivery.text
    # When, as a moment each phone says in its own zone (times.js), not the server's.
    moment = delivery.find("time")
    assert moment is not None and moment.get("data-local") and \
        moment.get("datetime").endswith("+00:00")
    passes.run()
    receiver.wait_for(1)
    until(lambda: "Delivered" in page(client, owner).find("li", class_="delivery").text)
    remove = item.find("form", action=f"/g/{owner}/destinations/{item.get('id')[12:]}/remove")
    assert client.post(remove.get("action")).status_code == 302
    assert page(client, owner).find("li", id=item.get("id")) is None


def test_a_delivery_that_keeps_failing_says_when_it_is_tried_again(client, passes, receiver):
    owner = group_made(client)["tokens"]["owner"]
    receiver.answers = [500]
    client.post(f"/g/{owner}/destinations", data={
        "kind": "webhook", "url": receiver.url, "events": ["match_banked"], "language": "en"})
    destination = page(client, owner).find("ul", class_="destinations").find("li", id=True)
    client.post(f"/g/{owner}/destinations/{destination.get('id')[12:]}/test")
    passes.run()
    words = page(client, owner).find("li", class_="delivery").text
    assert "Not delivered yet (answered 500): tried once, trying again at" in words


def test_every_form_that_creates_something_answers_with_a_redirect(app, client, location):
    """Post/Redirect/Get: a reload of the page a creation leads to never creates it again."""
    app.config["NOTIFY_NETWORKS"] = "any"
    made = client.post("/groups/new", data={"name": "Thursday", "roster": "Ana\nBen"})
    owner = location(made)[0].split("/")[2]
    created = {
        "a group": made,
        "a player": client.post(f"/g/{owner}/players", data={"add-name": "Cleo"}),
        "a season": client.post(f"/g/{owner}/seasons/new", data={
            "name": "Winter", "starts": "2026-12-01", "game": ""}),
        "a match": client.post("/new/generic", data={"players-0": "Ana", "players-1": "Ben"}),
        "a destination": client.post(f"/g/{owner}/destinations", data={
            "kind": "notify", "url": "json://127.0.0.1:9/hook", "events": ["match_banked"],
            "language": "en"}),
    }
    answered = {what: response.status_code for what, response in created.items()}
    assert all(code in (302, 303) for code in answered.values()), answered
