"""A separate implementation of Raja Pasu and Sat-gharva, written from the
rules contract (spec §2-§4) alone, that counted the reference numbers of
raja-pasu.perft and sat-gharva.perft: `python3 relay_reference.py raja-pasu 7`.
Relay from the next pit, fours to the row's owner as a seed makes 4, the
leap capture, endless turns refused, the stuck end."""
import sys

N = 7

def track_order(clockwise):
    # Board indices: South pit k (1..7) -> k-1, North pit k -> 7+k-1.
    south = [k - 1 for k in range(1, N + 1)]
    north = [N + k - 1 for k in range(1, N + 1)]
    if clockwise:
        south.reverse(); north.reverse()
    return south + north  # sowing order, South's row then North's

def owner(i):
    return 0 if i < N else 1

def turn(board, stores, mover, origin_pit, clockwise, skip_origin):
    order = track_order(clockwise)
    pos = {p: i for i, p in enumerate(order)}
    b = list(board); st = list(stores)
    origin = (0 if mover == 0 else N) + origin_pit - 1
    take = origin
    seen = set()
    laps = 0
    while True:
        laps += 1
        if laps > 1000:
            return None
        state = (tuple(b), take)
        if state in seen:
            return None
        seen.add(state)
        hand = b[take]; b[take] = 0
        at = take
        while hand > 0:
            at = order[(pos[at] + 1) % (2 * N)]
            if skip_origin and at == origin:
                continue
            b[at] += 1; hand -= 1
            if b[at] == 4:
                st[owner(at)] += 4; b[at] = 0
        nxt = order[(pos[at] + 1) % (2 * N)]
        if b[nxt] > 0:
            take = nxt
            continue
        beyond = order[(pos[nxt] + 1) % (2 * N)]
        st[mover] += b[beyond]; b[beyond] = 0
        return b, st

def children(node, clockwise, skip_origin):
    board, stores, mover = node
    out = []
    for pit in range(1, N + 1):
        i = (0 if mover == 0 else N) + pit - 1
        if board[i] == 0:
            continue
        r = turn(board, stores, mover, pit, clockwise, skip_origin)
        if r is not None:
            out.append((r[0], r[1], 1 - mover))
    return out

def perft(node, depth, clockwise, skip_origin):
    if depth == 0:
        return 1
    kids = children(node, clockwise, skip_origin)
    # A player with no legal move: the round is over (no moves).
    return sum(perft(k, depth - 1, clockwise, skip_origin) for k in kids)

if __name__ == "__main__":
    clockwise = sys.argv[1] == "sat-gharva"
    skip = clockwise
    start = ([7] * (2 * N), [0, 0], 0)
    for d in range(1, int(sys.argv[2]) + 1):
        print(d, perft(start, d, clockwise, skip), flush=True)
