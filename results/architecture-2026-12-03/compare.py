import re,sys
def tables(path):
    rows={}
    section=None; header=None
    for line in open(path):
        line=line.rstrip('\n')
        if line.startswith('###'): section=line[4:]; header=None; continue
        if line.startswith('|') and not line.startswith('|---'):
            cells=[c.strip() for c in line.strip('|').split('|')]
            if header is None: header=cells; continue
            for h,c in zip(header[1:],cells[1:]):
                m=re.match(r'^([\d,\.]+)\s*(x|%)?$',c)
                if m:
                    try: rows[(section,cells[0],h)]=float(m.group(1).replace(',',''))
                    except ValueError: pass
        elif not line.startswith('|'): header=None if line.strip()=='' else header
    return rows
b=[tables(f'report-before-{i}.txt') for i in (1,2)]
a=[tables(f'report-after-{i}.txt') for i in (1,2)]
moved=[];n=0
for k in b[0]:
    if not all(k in t for t in b+a): continue
    bv=[t[k] for t in b]; av=[t[k] for t in a]
    n+=1
    if min(av)>max(bv) or max(av)<min(bv):
        moved.append((k, sum(bv)/2, sum(av)/2))
print(n,'figures;',len(moved),'with the two runs of each build not overlapping')
for k,bv,av in moved: print(' | '.join(k), f'{bv:g} -> {av:g} ({av/bv:.2f})')
