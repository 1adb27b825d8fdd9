"""caldav-server-tester (PyPI) against the real todo-server: the checks that apply to a
server with one task list per user and no events, each expected to give the grade in
EXPECTED; any other grade fails the run. Run by .ci/test-caldav-clients; needs
Server/.build/debug/todo-server (or TODO_SERVER_BINARY). Exits non-zero with the differences.

The tester is written for calendar servers: it stores VEVENT fixtures before most checks
and uses VEVENTs as the objects its checks PUT. A task list refuses events (403
supported-calendar-component, RFC 4791 5.3.2.1), so two adaptations, and only these, make
its checks about tasks:

- PrepareCalendar stores only its task fixture (the one save-load.todo is graded on); its
  event and journal fixtures, which only event checks read, are left out.
- Each object a check PUTs as a VEVENT goes out as the same object with VTODO in place of
  VEVENT and DUE in place of DTEND. The checks grade headers, statuses, preconditions and
  sync tokens, not the component.

Server/API.md ("caldav-server-tester") lists which checks run and why the others cannot."""

import logging
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "SyncChaos"))
from processes import Server, kill_children  # noqa: E402

import caldav  # noqa: E402
from caldav_server_tester import checks  # noqa: E402
from caldav_server_tester.checker import ServerQuirkChecker  # noqa: E402

# Check class -> {feature: expected support}. Every feature a check grades is listed: a
# feature that appears, disappears or changes grade fails the run.
EXPECTED = {
    "CheckWWWAuthenticate": {"auth.www-authenticate": "full", "auth.www-authenticate.usable-scheme": "full"},
    "CheckGetCurrentUserPrincipal": {"get-current-user-principal": "full"},
    "CheckPropfindAllprop": {"propfind": "full", "propfind.allprop": "full", "propfind.allprop.resourcetype": "full",
                             "propfind.principal-depth-1": "full"},
    "CheckPutEtag": {"save.etag": "full", "save-load.mutable.if-match-wildcard": "full", "save.if-none-match": "full"},
    "CheckIfMatchOptional": {"save-load.mutable.if-match-optional": "full"},
    "CheckNoUidConflict": {"save.no-uid-conflict": "full"},
    "CheckTodoUncomplete": {"save-load.todo.uncomplete": "full"},
    "CheckRelatedTo": {"save-load.icalendar.related-to": "full"},
    "CheckSyncToken": {"sync-token": "full", "sync-token.delete": "full", "sync-token.invalid-token": "full"},
    "CheckSyncTokenLimit": {"sync-token.limit": "full", "sync-token.limit.initial-sync": "full"},
    "CheckSynchronousWrite": {"synchronous-write": "full"},
    "CheckNonExistingResource": {"non-existing-raises-not-found.object": "full",
                                 "non-existing-raises-not-found.collection": "full"},
}

# What the task-only PrepareCalendar records, and what its dependencies grade on the way:
# also checked, so that a change there shows too.
EXPECTED_ON_THE_WAY = {
    "create-calendar": "unsupported",   # one list per user, no MKCALENDAR
    "save-load.todo": "full",
    "save-load.todo.mixed-calendar": "full",
}


def as_task(text):
    """A VEVENT the tester PUTs, as the same object in a VTODO (DTEND, which a VTODO cannot
    have, as DUE)."""
    if not isinstance(text, str) or "BEGIN:VEVENT" not in text:
        return text
    text = text.replace("BEGIN:VEVENT", "BEGIN:VTODO").replace("END:VEVENT", "END:VTODO")
    return re.sub(r"(?m)^DTEND([;:])", r"DUE\1", text)


def task_only_fixtures(self, calendar, cal_id, name, add_if_not_existing):
    """PrepareCalendar._create_test_events for a task list: its task fixture alone; what its
    event and journal fixtures would grade is not probed."""
    self._prepare_task_calendar(cal_id, name, add_if_not_existing)
    for feature in self.features_to_be_checked:
        if feature.startswith(("save-load.event", "save-load.journal")):
            self.set_feature(feature, {"support": "unknown", "behaviour": "not probed: a task list holds no events or journals"})


def adapt(client):
    put = client.put

    def put_as_task(url, body, headers=None):
        return put(url, as_task(body), headers)

    client.put = put_as_task
    checks.PrepareCalendar._create_test_events = task_only_fixtures


def support(value):
    if isinstance(value, dict):
        return value.get("support", "full")
    return {True: "full", False: "unsupported", None: "unknown"}.get(value, str(value))


def run(server):
    client = caldav.DAVClient(url=server.url + "/dav/", username="alice", password=server.token)
    adapt(client)
    checker = ServerQuirkChecker(client, debug_mode=None)
    checker.expected_features.set_feature("test-calendar.compatibility-tests", {"name": "Tasks"})
    try:
        for check in EXPECTED:
            checker.check_one(check)
    finally:
        checker.cleanup(force=True)
    return checker.features_checked.dotted_feature_set_list(compact=False), checker


def main():
    # The tester logs what it expected of a calendar server (events, MKCALENDAR) as errors.
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory(prefix="todo-caldav-tester-") as directory:
        server = Server(directory)
        try:
            features, _ = run(server)
            wanted = dict(EXPECTED_ON_THE_WAY)
            for graded in EXPECTED.values():
                wanted.update(graded)
            problems = []
            for feature, expected in sorted(wanted.items()):
                found = features.get(feature)
                if found is None:
                    problems.append(f"{feature}: not graded (expected {expected})")
                elif support(found) != expected:
                    problems.append(f"{feature}: {support(found)} (expected {expected}): {found}")
                else:
                    print(f"ok: {feature}: {expected}")
            # Everything else it graded on the way (event and journal fixtures left out) is
            # printed for the record, not asserted.
            for feature in sorted(set(features) - set(wanted)):
                print(f"also graded: {feature}: {support(features[feature])}")
            # The task list is left as it was: the tester removes what it stored.
            leftovers = [o.url for o in caldav.DAVClient(url=server.url + "/dav/", username="alice", password=server.token)
                         .principal().calendars()[0].todos(include_completed=True)]
            if leftovers:
                problems.append(f"the tester left {len(leftovers)} todos behind: {leftovers}")
            if problems:
                raise AssertionError("\n  ".join(["caldav-server-tester grades differ:"] + problems))
        finally:
            server.close()
            kill_children()
    print(f"caldav-server-tester: {len(wanted)} grades as expected")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"caldav-server-tester: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
