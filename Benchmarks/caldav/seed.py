"""Fills CalDAV lists for Benchmarks/server.sh and writes its requests' bodies.

  seed.py put BASE LIST AUTH N          PUT N VTODOs shaped as the task apps write them
                                        (alarms, X-properties, categories, dues, every fifth completed)
  seed.py copy BASE LIST AUTH TO_BASE TO_LIST TO_AUTH
                                        PUT every todo of one list, as served, into another under the same names
  seed.py bodies BASE LIST AUTH OUT     write OUT/propfind.xml, OUT/multiget.xml (every href of the list, with
                                        calendar-data) and OUT/sync.xml (the list's current sync-token)

AUTH is the Basic credentials, base64."""
import random, re, sys, urllib.parse, urllib.request
import xml.etree.ElementTree as ET

D, C = "{DAV:}", "{urn:ietf:params:xml:ns:caldav}"
PROPFIND = '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>'
SYNC = ('<d:sync-collection xmlns:d="DAV:"><d:sync-token>{}</d:sync-token><d:sync-level>1</d:sync-level>'
        '<d:prop><d:getetag/></d:prop></d:sync-collection>')


def send(base, auth, method, target, body, headers=None):
    request = urllib.request.Request(base + target, data=body.encode(), method=method, headers=headers or {})
    if auth:
        request.add_header("Authorization", "Basic " + auth)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read().decode()


def put(base, path, auth, count):
    random.seed(26)
    words = "buy milk call mum pay rent fix bike write report book dentist renew passport water plants".split()
    for i in range(count):
        uid = f"bench-{i:05d}"
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo benchmark//EN", "BEGIN:VTODO", f"UID:{uid}",
                 "DTSTAMP:20261120T100000Z", "CREATED:20261120T100000Z", "LAST-MODIFIED:20261120T100000Z",
                 "SUMMARY:" + " ".join(random.choice(words) for _ in range(random.randint(2, 7))) + f" #{i}",
                 f"X-APPLE-SORT-ORDER:{731000000 + i}"]
        if i % 3 == 0:
            lines += ["CATEGORIES:work,next"]
        if i % 4 == 0:
            lines += ["DUE;VALUE=DATE:20261224", "PRIORITY:1"]
        if i % 5 == 0:
            lines += ["STATUS:COMPLETED", "COMPLETED:20261121T090000Z", "PERCENT-COMPLETE:100"]
        lines += ["BEGIN:VALARM", f"X-WR-ALARMUID:ALARM-{i}", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M",
                  "END:VALARM", "END:VTODO", "END:VCALENDAR", ""]
        send(base, auth, "PUT", f"{path}{uid}.ics", "\r\n".join(lines), {"Content-Type": "text/calendar; charset=utf-8"})


def hrefs(base, path, auth):
    answer = send(base, auth, "PROPFIND", path, PROPFIND, {"Content-Type": "application/xml", "Depth": "1"})
    found = [r.findtext(D + "href").strip() for r in ET.fromstring(answer).iter(D + "response")]
    return [h for h in found if not h.endswith("/")]


def multiget(found):
    return ('<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>'
            + "".join(f"<d:href>{h}</d:href>" for h in found) + "</c:calendar-multiget>")


def copy(base, path, auth, to_base, to_path, to_auth):
    answer = send(base, auth, "REPORT", path, multiget(hrefs(base, path, auth)), {"Content-Type": "application/xml", "Depth": "1"})
    for response in ET.fromstring(answer).iter(D + "response"):
        name = urllib.parse.unquote(response.findtext(D + "href").strip().rsplit("/", 1)[1])
        text = response.find(f".//{C}calendar-data").text
        send(to_base, to_auth, "PUT", to_path + urllib.parse.quote(name), text, {"Content-Type": "text/calendar; charset=utf-8"})


def bodies(base, path, auth, out):
    with open(f"{out}/propfind.xml", "w") as f:
        f.write(PROPFIND)
    with open(f"{out}/multiget.xml", "w") as f:
        f.write(multiget(hrefs(base, path, auth)))
    answer = send(base, auth, "REPORT", path, SYNC.format(""), {"Content-Type": "application/xml", "Depth": "1"})
    with open(f"{out}/sync.xml", "w") as f:
        f.write(SYNC.format(re.search(r"<[^>]*sync-token>([^<]*)</", answer).group(1)))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "put":
        put(args[0], args[1], args[2], int(args[3]))
    elif command == "copy":
        copy(*args[:6])
    elif command == "bodies":
        bodies(*args[:4])
    else:
        sys.exit(__doc__)
