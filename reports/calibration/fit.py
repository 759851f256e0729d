#!/usr/bin/env python3
"""Fits a cost profile's growth parameters to measured runs (standard library only).

usage: fit.py PROFILE.json CHECK.jsonl [--growth linear|log2] [--out NEW.json]

CHECK.jsonl is `abbench check-calibration RESULTS... --calibration PROFILE.json
--threads 1,2,4,8,16 --json`: every measured parallel record with its simulation at
PROFILE's costs. The fit keeps every event's nanoseconds at one processor and fits the
parameters of the model in `crates/parallel/src/sim/profile.rs` — the kernel overhead k,
the position slowdown s of each tree model, and three growths: steal; bound update and abort (a cache line
shared by more cores); split point, serial search and offer (the split point's record) —
by least squares on ln(simulated speedup / measured speedup), each (workload, algorithm,
threads) row weighing the same, the simulated speedup predicted to first order from the
simulation's event counts:

    T(costs) = T0 * (positions + sum_e n_e c_e) / (positions + sum_e n_e c_e0)

(the processors' idle share kept), c_e = nanos_e (1 + g_e x(p)) / (nu (1+k)(1+s_model x(p)) f_min),
f_min the fastest processor's time per position over the mean one's (the profile's
speed_spread, measured apart from the fit: the README says how).
Simulate again at the fitted profile and fit again until the parameters settle: the
first-order model does not see how costs move the schedule itself.
"""
import json, math, sys
from collections import defaultdict

EVENTS = ["split_point", "serial_search", "offer", "steal", "bound_update", "abort"]
COUNT = {"split_point": "split_points", "serial_search": "serial_searches", "offer": "offers",
         "steal": "helper_runs", "bound_update": "bound_updates", "abort": "aborts"}
GROUP = {"steal": 1, "bound_update": 2, "abort": 2,
         "split_point": 3, "serial_search": 3, "offer": 3}
NAMES = ["kernel_overhead", "growth steal", "growth bound_update, abort",
         "growth split_point, serial_search, offer"]


def snake(key):
    """A profile written with kebab-case keys (before schema 1 named every key in
    snake_case) reads as one written now."""
    return key.replace("-", "_")


def model_key(workload):
    """The profile's key for a workload's tree model: `branch-sum d=.. ` -> branch_sum."""
    return snake(workload.split()[0])


def scale(growth, p):
    return p - 1.0 if growth == "linear" else math.log2(p)


def prepare(rows, growth, profile):
    kernel = profile.get("kernel_overhead", 0.0)
    slowdowns = profile.get("model_position_slowdown", {})
    default_slowdown = profile["position_slowdown"]
    data = []
    for r in rows:
        sim = r["simulation"]
        pt = sim["processor_time"]
        costs = sim["costs"]
        counts = {}
        for e in EVENTS:
            c0 = costs[e]
            counts[e] = pt[e] / c0 if c0 > 0 else float(sim[COUNT[e]])
        # Time lost to processors slower than the fastest counts like positions.
        positions = pt["positions"] + pt.get("uneven", 0)
        work0 = positions + sum(pt[e] for e in EVENTS)
        x = scale(growth, r["threads"])
        # The fastest processor's time per position over the mean one's: the position
        # slowdown reported beyond the profile's own (1 when every processor is equal).
        s0 = slowdowns.get(model_key(r["workload"]), default_slowdown)
        fastest = sim.get("position_slowdown", 1.0) / ((1 + kernel) * (1 + s0 * x))
        data.append({
            "row": (r["workload"], r["algo"], r["threads"]),
            "model": model_key(r["workload"]),
            "x": x, "fastest": fastest,
            "nu": r["position_nanos"],
            "positions": positions, "counts": counts, "work0": work0,
            "t0": sim["virtual_time"], "serial": sim["serial_time"],
            "measured": r["measured"],
        })
    return data


def predict(d, nanos, theta, models):
    k, gs, gl, gb = theta[:4]
    s = theta[4 + models.index(d["model"])]
    g = {1: gs, 2: gl, 3: gb}
    slow = (1 + k) * (1 + s * d["x"]) * d["fastest"]
    work = d["positions"] + sum(
        d["counts"][e] * nanos[e] * (1 + g[GROUP[e]] * d["x"]) / (d["nu"] * slow)
        for e in EVENTS)
    t = d["t0"] * work / d["work0"]
    return d["serial"] / (t * slow)


def objective(data, nanos, theta, models):
    by_row = defaultdict(list)
    for d in data:
        by_row[d["row"]].append(math.log(predict(d, nanos, theta, models) / d["measured"]))
    return sum((sum(v) / len(v)) ** 2 for v in by_row.values())


def nelder_mead(f, x0, step=0.1, iters=4000):
    n = len(x0)
    pts = [list(x0)] + [[x0[j] + (step if j == i else 0) for j in range(n)] for i in range(n)]
    vals = [f(p) for p in pts]
    for _ in range(iters):
        order = sorted(range(n + 1), key=lambda i: vals[i])
        pts = [pts[i] for i in order]; vals = [vals[i] for i in order]
        c = [sum(p[j] for p in pts[:-1]) / n for j in range(n)]
        xr = [c[j] + (c[j] - pts[-1][j]) for j in range(n)]; fr = f(xr)
        if fr < vals[0]:
            xe = [c[j] + 2 * (c[j] - pts[-1][j]) for j in range(n)]; fe = f(xe)
            pts[-1], vals[-1] = (xe, fe) if fe < fr else (xr, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = xr, fr
        else:
            xc = [c[j] + 0.5 * (pts[-1][j] - c[j]) for j in range(n)]; fc = f(xc)
            if fc < vals[-1]:
                pts[-1], vals[-1] = xc, fc
            else:
                pts = [pts[0]] + [[pts[0][j] + 0.5 * (p[j] - pts[0][j]) for j in range(n)]
                                  for p in pts[1:]]
                vals = [vals[0]] + [f(p) for p in pts[1:]]
        if max(vals) - min(vals) < 1e-12:
            break
    best = min(range(n + 1), key=lambda i: vals[i])
    return pts[best], vals[best]


def main(argv):
    args, opts, i = [], {}, 0
    while i < len(argv):
        if argv[i].startswith("--"):
            opts[argv[i]] = argv[i + 1]
            i += 2
        else:
            args.append(argv[i])
            i += 1
    profile = json.load(open(args[0]), object_hook=lambda o: {snake(k): v for k, v in o.items()})
    profile.setdefault("kind", "cost_profile")
    rows = [json.loads(l) for l in open(args[1]) if l.strip()]
    growth = opts.get("--growth", profile.get("growth", "linear"))
    data = prepare(rows, growth, profile)
    nanos = {e: profile["events"][e]["nanos"] for e in EVENTS}
    # Parameters squared: every one at least 0.
    models = sorted(set(d["model"] for d in data))
    f = lambda u: objective(data, nanos, [v * v for v in u], models)
    slowdowns = profile.get("model_position_slowdown", {})
    start = [math.sqrt(max(profile.get("kernel_overhead", 0.0), 0.0)) or 0.1,
             math.sqrt(profile["events"]["steal"]["growth"]) or 0.1,
             math.sqrt(profile["events"]["abort"]["growth"]) or 0.1,
             math.sqrt(profile["events"]["split_point"]["growth"]) or 0.1]
    start += [math.sqrt(slowdowns.get(m, profile["position_slowdown"])) or 0.1 for m in models]
    u, val = nelder_mead(f, start)
    for _ in range(3):
        u, val = nelder_mead(f, u, step=0.05)
    theta = [v * v for v in u]
    for name, v in zip(NAMES + [f"position_slowdown {m}" for m in models], theta):
        print(f"{name}: {v:.4f}", file=sys.stderr)
    print(f"rows: {len(set(d['row'] for d in data))}, objective {val:.4f} "
          f"(rms ln-gap {math.sqrt(val / len(set(d['row'] for d in data))):.3f})",
          file=sys.stderr)
    profile["growth"] = growth
    profile["kernel_overhead"] = round(theta[0], 4)
    # Models not measured slow down as the median of those measured.
    ordered = sorted(theta[4:])
    profile["position_slowdown"] = round(ordered[len(ordered) // 2], 4)
    profile["model_position_slowdown"] = {m: round(v, 4) for m, v in zip(models, theta[4:])}
    for e in EVENTS:
        profile["events"][e]["growth"] = round(theta[GROUP[e]], 4)
    out = opts.get("--out")
    text = json.dumps(profile, indent=2) + "\n"
    if out:
        open(out, "w").write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
