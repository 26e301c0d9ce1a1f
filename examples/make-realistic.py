# Generates examples/realistic.journal (deterministic: fixed seed). Run from the repository root:
#   python3 examples/make-realistic.py
import random, datetime
random.seed(20230301)
zones = ["Front Abdomen","Side Abdomen","Back Abdomen","Front Thigh","Side Thigh","Back Arm","Buttock"]
locs = [f"{s} {z}" for z in zones for s in ("Left","Right")]
locs.remove("Left Back Abdomen"); locs.remove("Right Back Abdomen")
custom = "Lower Back"
allocs = locs + [custom]
disabled = {"Right Back Arm"}   # stopped using it in mid-2024 (scar tissue)
notes = ["bled on insertion", "sore, red area", "occlusion alarm at 3 am", "itchy adhesive",
         'nurse said "looks fine"', "kinked cannula", "new box of sets", "after swimming", "tender to touch",
         "high BG overnight, changed early", "easy insertion", "bruise next day"]
lines = []
t = datetime.datetime(2023, 3, 4, 8, 15)
end = datetime.datetime(2026, 11, 19, 20, 0)
last_used = {l: None for l in allocs}
n = 0
pump_break_done = False
travel_done = False
while t < end:
    avail = [l for l in allocs if not (l in disabled and t > datetime.datetime(2024, 6, 1))]
    if t > datetime.datetime(2023, 9, 1) and custom not in avail:
        pass
    if t < datetime.datetime(2023, 9, 1) and custom in avail:
        avail.remove(custom)
    # mostly least-recently-used, with a bias towards the front abdomen
    avail.sort(key=lambda l: (last_used[l] or datetime.datetime(1970,1,1)))
    if random.random() < 0.3:
        loc = random.choice([l for l in avail if "Front Abdomen" in l])
    else:
        loc = random.choice(avail[:4])
    note = None
    r = random.random()
    if r < 0.12:
        note = random.choice(notes)
    if r < 0.015:
        note = "occlusion alarm at 2 am,\n changed it early"
    text_time = t.strftime("%Y-%m-%d %H:%M")
    entry = f"{text_time}  {loc}"
    if not travel_done and t > datetime.datetime(2025, 7, 10):
        entry = f"{text_time} -04:00  {loc}"
        note = "logged in New York, local time"
        travel_done = True
    if note:
        first, *rest = note.split("\n")
        entry = entry.ljust(max(40, len(entry) + 2)) + "; " + first
        lines.append(entry)
        for more in rest:
            lines.append(" " * 40 + "; " + more.strip())
    else:
        lines.append(entry)
    last_used[loc] = t
    n += 1
    # duration: mostly 60-80h; sometimes a failed site; Back Arm / Side Thigh fail earlier
    if random.random() < 0.04:
        hours = random.uniform(5, 11)
    else:
        hours = random.gauss(70, 9)
        if "Side Thigh" in loc: hours -= 14
        hours = max(30, min(96, hours))
    t2 = t + datetime.timedelta(hours=hours)
    if not pump_break_done and t2 > datetime.datetime(2024, 8, 10):
        lines.append(f"{t2.strftime('%Y-%m-%d %H:%M')}  removed".ljust(40) + "; pump break at the lake, back on pens")
        t2 = t2 + datetime.timedelta(hours=50)
        pump_break_done = True
    # keep wall times between 06:30 and 22:30 (avoids DST gaps and folds)
    h = t2.hour + t2.minute / 60
    if h < 6.5: t2 = t2.replace(hour=7, minute=random.choice([0, 5, 10, 20, 30, 45]))
    if h > 22.5: t2 = t2.replace(hour=22, minute=random.choice([0, 10, 15]))
    t = t2.replace(second=0, microsecond=0)
    t = t.replace(minute=(t.minute // 5) * 5)

header = """; SiteCycle journal of a pump user since March 2023.
; Changes every two to four days, a few failed sites, one pump break,
; one change logged while travelling, and a custom zone (Lower Back).

timezone Europe/Berlin
target 72h
absorption-threshold 20%

"""
for l in allocs:
    if l in disabled:
        header += f"location {l}   disabled   ; scar tissue, out of rotation since June 2024\n"
    else:
        header += f"location {l}\n"
body = "\n".join(lines) + "\n"
open("examples/realistic.journal", "w").write(header + "\n" + body)
print(n, "entries")
