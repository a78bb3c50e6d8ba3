#!/usr/bin/env python3
# The command line fed random argument vectors (issue #43): clap's errors and
# ours must be one line of at most 300 characters after "error: ", exit 0-3,
# never a panic. Usage: scripts/fuzz-arguments.py COUNT [SEED], from the
# repository, after cargo build --release (or SCHOFIELD=path/to/binary).
import random, subprocess, sys
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
import os, tempfile
B = os.path.abspath(os.environ.get("SCHOFIELD", "target/release/schofield"))
WORK = tempfile.mkdtemp()
cmds = ["counts","solve","path","table","classes","puzzles","group","graph","lookup","random","astar","optimal","fifteen","five","boards","explore","regenerate"]
flags = ["--puzzle","--metric","--generators","--max-memory","--format","--output","--to","--from","--all","--count","--seed","--board","--goal","--max-moves","--kind","--workers","--checkpoint","--home","--max-nodes","-v","-q","--ascii","--symmetries","--antipodes","--burnside","--write","--save","--load","--help"]
vals = ["2x2x2","eight","five","corners","squares","3x3x3","pyraminx","U,R","U2,U2'","R U R'","0","-1","18446744073709551616","1e9","abc","", "\x07\x1b[2J", "x"*3000, "1 "*700, "/nonexistent/file", "/dev/null", "/tmp", "json","csv","yaml","text","svg","quarter","face","3x3","4x4","1x1","0x0","12345678901234567890x2","(1,2)(3,4)","[R, U]","[R: U]","R"*500+"'", "2 1 6 3 0 4 5 7 / 2 1 2 0 2 1 1 0", "\u00e9\u0301", "--", "-", "%s%n"]
def word():
    r = random.random()
    if r < 0.35: return random.choice(flags)
    if r < 0.9: return random.choice(vals)
    return "".join(chr(random.randint(1, 0x2FF)) for _ in range(random.randint(1, 30)))
n = int(sys.argv[1]); worst = 0; bad = 0; codes = {}
for i in range(n):
    args = [random.choice(cmds)] + [word() for _ in range(random.randint(0, 6))]
    if "--output" in args or "--save" in args or "--checkpoint" in args or "--write" in args:
        args = [a for a in args if a not in ("--output","--save","--checkpoint","--write")]
    if "explore" in args: args.remove("explore")
    try:
        p = subprocess.run([B] + args, capture_output=True, timeout=5, cwd=WORK)
    except subprocess.TimeoutExpired:
        codes["timeout"] = codes.get("timeout", 0) + 1; continue
    codes[p.returncode] = codes.get(p.returncode, 0) + 1
    err = p.stderr.decode("utf-8", "replace")
    first = err.split("\n")[0] if err else ""
    if p.returncode == 2:
        worst = max(worst, len(first))
    if "panicked" in err or p.returncode not in (0, 1, 2, 3) or (p.returncode == 2 and len(first) > 307):
        bad += 1
        if bad <= 5: print("BAD", p.returncode, repr(args)[:300], repr(err[:400]))
print(f"{n} argument vectors: exit codes {codes}, longest error line {worst} characters, {bad} bad")
