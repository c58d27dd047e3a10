"""The API docs on a phone: Swagger UI renders the operations under the strict CSP."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import assert_fits_phone

# Chromium reports each refusal on the console: "Applying inline style violates the following
# Content Security Policy directive ..." (older versions: "Refused to apply inline style ...").
CSP_WORDS = ("content security policy", "refused to")

# Init scripts are exempt from the CSP, so this also records violations that reach no console.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


def test_swagger_ui_renders_the_operations_with_no_csp_violation(
    page: Any, live_server: Any
) -> None:
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.on("pageerror", lambda error: messages.append(f"pageerror: {error}"))
    page.add_init_script(RECORD_VIOLATIONS)

    page.goto(live_server.url + "/api/docs/")
    page.locator(".opblock").first.wait_for(state="visible")
    page.get_by_text("/api/ofc/score/").first.wait_for(state="visible")

    assert page.locator(".opblock").count() >= 1
    refusals = [text for text in messages if any(word in text.lower() for word in CSP_WORDS)]
    assert refusals == []
    assert page.evaluate("window.__cspViolations") == []
    assert not [text for text in messages if text.startswith("pageerror:")]
    assert_fits_phone(page)
