"""Puts N VTODOs (shaped as the task apps write them) into a CalDAV list, and writes the
bodies of the benchmark's requests: a PROPFIND, a multiget of every href, a sync-collection
with the list's current token. Usage: seed.py BASE_URL LIST_PATH AUTH N OUT_DIR"""
import base64, random, re, sys, urllib.request

base, path, auth, count, out = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
random.seed(26)
words = "buy milk call mum pay rent fix bike write report book dentist renew passport water plants".split()


def send(method, target, body, headers=None):
    request = urllib.request.Request(base + target, data=body.encode(), method=method, headers=headers or {})
    if auth:
        request.add_header("Authorization", "Basic " + auth)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return answer.read().decode()


hrefs = []
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
    href = f"{path}{uid}.ics"
    send("PUT", href, "\r\n".join(lines), {"Content-Type": "text/calendar; charset=utf-8"})
    hrefs.append(href)

with open(f"{out}/propfind.xml", "w") as f:
    f.write('<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>')
with open(f"{out}/multiget.xml", "w") as f:
    f.write('<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>'
            + "".join(f"<d:href>{h}</d:href>" for h in hrefs) + "</c:calendar-multiget>")
sync = '<d:sync-collection xmlns:d="DAV:"><d:sync-token>{}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>'
answer = send("REPORT", path, sync.format(""), {"Content-Type": "application/xml", "Depth": "1"})
token = re.search(r"<[^>]*sync-token>([^<]*)</", answer).group(1)
with open(f"{out}/sync.xml", "w") as f:
    f.write(sync.format(token))
