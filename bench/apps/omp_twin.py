# omp.py IN OUT HEADER: writes OUT, IN's module with every do concurrent
# (outermost only) as nested DO loops under !$omp parallel do.
import re, sys
src, dst, header = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(src).read().split('\n')
# drop the leading comment block, replaced by header
k = 0
while lines[k].startswith('!'):
    k += 1
lines = lines[k:]
out = [l for l in header.split('\n')]
i = 0
pat = re.compile(r'^(\s*)do concurrent \((.*?)\)\s*(local\((.*?)\))?\s*(! kernel: \w+)?\s*$')
def split_top(s):
    parts, depth, cur = [], 0, ''
    for ch in s:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(cur.strip()); cur = ''
        else:
            cur += ch
    parts.append(cur.strip())
    return parts
while i < len(lines):
    m = pat.match(lines[i])
    if not m:
        out.append(lines[i]); i += 1; continue
    ind, hdr, _, loc = m.group(1), m.group(2), m.group(3), m.group(4)
    specs = split_top(hdr)
    idx = []
    for sp in specs:
        v, rng = sp.split('=', 1)
        b = split_top(rng.replace(':', ',', 2)) if False else None
        # split the range at top-level colons
        parts, depth, cur = [], 0, ''
        for ch in rng:
            if ch == '(':
                depth += 1
            elif ch == ')':
                depth -= 1
            if ch == ':' and depth == 0:
                parts.append(cur.strip()); cur = ''
            else:
                cur += ch
        parts.append(cur.strip())
        idx.append((v.strip(), parts))
    # body: up to the end do at the same indent
    j = i + 1
    while not (lines[j].startswith(ind + 'end do') and not lines[j].startswith(ind + ' ')):
        j += 1
    body = lines[i + 1:j]
    priv = [v for v, _ in idx[1:]]
    if loc:
        priv += [x.strip() for x in loc.split(',')]
    # scalars assigned in the body that are not arrays: the caller lists them in local(); else none
    ncol = len(idx) - 1
    if idx[0][0] == 'll' and len(idx) == 2:
        ncol = 2
    coll = ' collapse(%d)' % ncol if ncol > 1 else ''
    if ncol > 1:
        priv = [x for x in priv if x not in [v for v, _ in idx[:ncol]]]
    d = '!$omp parallel do' + coll + (' private(%s)' % ', '.join(priv) if priv else '')
    out.append(ind + d)
    for n, (v, p) in enumerate(idx):
        out.append(ind + '  ' * n + 'do %s = %s' % (v, ', '.join(p)))
    for l in body:
        out.append('  ' * (len(idx) - 1) + l if l.strip() else l)
    for n in reversed(range(len(idx))):
        out.append(ind + '  ' * n + 'end do')
    i = j + 1
open(dst, 'w').write('\n'.join(out))
