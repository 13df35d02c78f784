"""A phone's language and theme: chosen by a link in every page's footer and kept in a cookie a
year, the language otherwise from Accept-Language; the API English whatever the phone speaks."""

from __future__ import annotations

import re

import pytest
from i18n_helpers import read

YEAR = 365 * 24 * 60 * 60


def html_tag(response) -> dict[str, str | None]:
    return read(response.get_data(as_text=True))[0]


def cookie(response, name: str) -> dict[str, str]:
    """The Set-Cookie of `name`: its value and attributes (lower-cased names)."""
    for header in response.headers.getlist("Set-Cookie"):
        first, *attributes = [part.strip() for part in header.split(";")]
        key, _, value = first.partition("=")
        if key == name:
            found = {"value": value}
            for attribute in attributes:
                key, _, value = attribute.partition("=")
                found[key.lower()] = value
            return found
    raise AssertionError(f"no {name} cookie set")


# --- the switches -------------------------------------------------------------------------------

@pytest.mark.parametrize(("path", "name", "value"), [
    ("/language/de", "lang", "de"), ("/language/ar", "lang", "ar"), ("/language/en", "lang", "en"),
    ("/theme/dark", "theme", "dark"), ("/theme/light", "theme", "light"),
    ("/theme/auto", "theme", "auto")])
def test_a_switch_keeps_the_choice_a_year_and_goes_back(client, path, name, value):
    response = client.get(f"{path}?next=/groups/new")

    assert response.status_code == 302
    assert response.headers["Location"] == "/groups/new"
    kept = cookie(response, name)
    assert kept["value"] == value
    assert kept["max-age"] == str(YEAR) and kept["path"] == "/" and kept["samesite"] == "Lax"


def test_the_chosen_language_and_theme_are_the_pages(client):
    client.get("/language/ar")
    client.get("/theme/dark")

    root = html_tag(client.get("/"))

    assert (root["lang"], root["dir"], root["data-theme"]) == ("ar", "rtl", "dark")


@pytest.mark.parametrize("path", ["/language/fr", "/language/EN", "/language/", "/theme/sepia",
                                  "/theme/Dark"])
def test_an_unknown_language_or_theme_is_not_found(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]


@pytest.mark.parametrize("target", [
    "//evil.com", "//evil.com/m/x", "/\\evil.com", "\\\\evil.com", "http://evil.com",
    "https://evil.com/", "evil.com", "javascript:alert(1)", "/\t/evil.com", "/\n/evil.com",
    "", "%2F%2Fevil.com"])
def test_a_switch_only_goes_back_to_a_page_of_this_site(client, target):
    for path in ("/language/de", "/theme/dark"):
        response = client.get(path, query_string={"next": target})
        assert response.status_code == 302
        assert response.headers["Location"] == "/", target


def test_a_switch_without_next_goes_home(client):
    assert client.get("/language/de").headers["Location"] == "/"


@pytest.mark.parametrize("target", ["/", "/groups/new", "/g/abc?game=banakil&page=2",
                                    "/m/some-token/round/1"])
def test_a_switch_goes_back_to_the_very_page_it_was_on(client, target):
    response = client.get("/language/ar", query_string={"next": target})
    assert response.headers["Location"] == target


def test_every_page_has_both_switches_as_plain_links_in_its_footer(client):
    client.set_cookie("lang", "de")
    html = client.get("/groups/new").get_data(as_text=True)

    footer = re.search(r'<footer class="site-foot">(.*?)</footer>', html, re.S).group(1)
    links = re.findall(r"<a ([^>]*)>([^<]*)</a>", footer)
    languages = [(attrs, text) for attrs, text in links if "/language/" in attrs]
    themes = [(attrs, text) for attrs, text in links if "/theme/" in attrs]
    assert [text for _, text in languages] == ["English", "Deutsch", "العربية"]
    for (attrs, _), code in zip(languages, ("en", "de", "ar"), strict=True):
        assert f'href="/language/{code}?next=/groups/new"' in attrs
        assert f'lang="{code}"' in attrs and f'hreflang="{code}"' in attrs
        assert ('aria-current="true"' in attrs) == (code == "de")
    assert [text for _, text in themes] == ["Automatisch", "Hell", "Dunkel"]
    assert ['aria-current="true"' in attrs for attrs, _ in themes] == [True, False, False]
    assert 'href="/theme/dark?next=/groups/new"' in themes[2][0]
    assert "<script" not in footer


def test_the_footer_brings_a_page_with_a_query_back_to_it(client):
    html = client.get("/groups/new?x=1&y=2").get_data(as_text=True)
    assert 'href="/language/ar?next=/groups/new?x%3D1%26y%3D2"' in html
    assert client.get("/language/ar?next=/groups/new?x%3D1%26y%3D2").headers["Location"] == (
        "/groups/new?x=1&y=2")


def test_after_a_form_is_posted_the_footer_goes_back_to_the_form(client):
    response = client.post("/groups/new", data={"name": ""},
                           headers={"Referer": "http://localhost/groups/new"})
    assert 'href="/language/de?next=/groups/new"' in response.get_data(as_text=True)


def test_a_theme_cookie_it_does_not_know_is_the_phones_own_setting(client):
    client.set_cookie("theme", "sepia")
    assert html_tag(client.get("/"))["data-theme"] == "auto"


# --- which language ----------------------------------------------------------------------------

@pytest.mark.parametrize(("accepted", "lang"), [
    ("de", "de"), ("de-AT,de;q=0.9", "de"), ("ar", "ar"), ("ar-JO,ar;q=0.9,en;q=0.8", "ar"),
    ("fr-FR,fr;q=0.9,de;q=0.5", "de"), ("fr", "en"), ("en-GB", "en"), (None, "en")])
def test_accept_language_picks_the_page_language(client, accepted, lang):
    headers = {"Accept-Language": accepted} if accepted else {}
    root = html_tag(client.get("/", headers=headers))
    assert (root["lang"], root["dir"]) == (lang, "rtl" if lang == "ar" else "ltr")


def test_the_phones_own_choice_beats_accept_language(client):
    client.set_cookie("lang", "de")
    assert html_tag(client.get("/", headers={"Accept-Language": "ar"}))["lang"] == "de"


def test_a_language_cookie_it_does_not_speak_falls_back_to_accept_language(client):
    client.set_cookie("lang", "fr")
    assert html_tag(client.get("/", headers={"Accept-Language": "ar"}))["lang"] == "ar"


# --- the API stays English ------------------------------------------------------------------------

ARABIC_PHONE = {"Accept-Language": "ar,en;q=0.1"}


@pytest.mark.parametrize(("method", "path", "body"), [
    ("POST", "/api/v1/matches", {"game": "generic", "players": []}),
    ("POST", "/api/v1/matches", {"game": "chess", "players": ["Ana", "Ben"]}),
    ("GET", "/api/v1/matches/nope", None),
])
def test_the_api_answers_in_english_whatever_the_phone_speaks(client, method, path, body):
    english = client.open(path, method=method, json=body).get_json()
    client.set_cookie("lang", "ar")

    arabic = client.open(path, method=method, json=body, headers=ARABIC_PHONE).get_json()

    assert arabic == english
    assert arabic["error"]["message"].isascii()


def test_a_cell_refused_by_the_api_is_refused_in_english(client, api):
    match = api.create(("Ana", "Ben"))
    english = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                       json={"scores": ["١٠", 5]}).get_json()
    client.set_cookie("lang", "de")

    german = api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
                      json={"scores": ["١٠", 5]}, headers={"Accept-Language": "de"}).get_json()

    assert german == english and german["error"]["message"].isascii()
