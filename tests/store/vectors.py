#!/usr/bin/env python3
"""vectors.py — known-answer vectors for store/, computed independently of
the C code with Python's hashlib.blake2b (and, for the Ed25519 signature,
the `cryptography` package when it is installed).

The outputs are pinned in tests/store/test-vectors.c. The encodings follow
doc/commitments.md; this script is meant to be read next to it by anyone
who reimplements the audit.

    python3 tests/store/vectors.py
"""
import hashlib
import struct


def lp(b):
    """A length-prefixed field: u32be(len) || bytes."""
    return struct.pack(">I", len(b)) + b


def commitment(domain, game, secret_id, secret, nonce):
    assert len(nonce) == 32
    m = lp(domain) + lp(game) + lp(secret_id) + lp(secret) + nonce
    return hashlib.blake2b(m, digest_size=32).digest()


def commitment_sig_message(domain, game, secret_id, c):
    return b"muthur-commitment-v1" + lp(domain) + lp(game) + lp(secret_id) + c


def event_hash(prev, game, seq, phase_seq, etype, visibility, payload):
    m = (prev + lp(game) + struct.pack(">Q", seq) + struct.pack(">Q", phase_seq)
         + lp(etype) + lp(visibility) + lp(payload))
    return hashlib.blake2b(m, digest_size=32).digest()


class Stream:
    def __init__(self, seed, nonces):
        m = seed + struct.pack(">I", len(nonces)) + b"".join(lp(n) for n in nonces)
        self.key = hashlib.blake2b(m, digest_size=32).digest()
        self.block_no = 0
        self.buf = b""

    def u32(self):
        if len(self.buf) < 4:
            self.buf = hashlib.blake2b(struct.pack(">Q", self.block_no),
                                       digest_size=64, key=self.key).digest()
            self.block_no += 1
        x = struct.unpack(">I", self.buf[:4])[0]
        self.buf = self.buf[4:]
        return x

    def uniform(self, bound):
        if bound <= 1:
            return 0
        limit = 2**32 - (2**32 % bound)
        while True:
            x = self.u32()
            if x < limit:
                return x % bound

    def shuffle(self, a):
        for i in range(len(a) - 1, 0, -1):
            j = self.uniform(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def message_id(key, domain):
    d = hashlib.blake2b(b"muthur-message-id-v1" + key, digest_size=32).digest()
    return "<muthur.%s@%s>" % (d[:16].hex(), domain)


def main():
    nonce = bytes(range(32))
    c1 = commitment(b"ccg.marker", b"contact-17", b"hicks", b"alien-warrior-2", nonce)
    print("commit1", c1.hex())
    c2 = commitment(b"muthur.seed", b"contact-17", b"phase-1", bytes([0xA5] * 32),
                    bytes([0xFF] * 32))
    print("commit2", c2.hex())
    c3 = commitment(b"d", b"g", b"i", b"", bytes(32))
    print("commit3", c3.hex())
    # The same bytes split differently must differ (length prefixes).
    c4 = commitment(b"d", b"g", b"", b"i", bytes(32))
    print("commit4", c4.hex())
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        sk = Ed25519PrivateKey.from_private_bytes(bytes([0x42] * 32))
        sig = sk.sign(commitment_sig_message(b"ccg.marker", b"contact-17", b"hicks", c1))
        print("sig1", sig.hex())
    except ImportError:
        print("sig1 (python3-cryptography not installed)")

    prev = bytes(32)
    events = [(b"game.created", b"all", b'{"rules":"ccg"}', 0),
              (b"phase.opened", b"all", b'{"turn":1}', 1),
              (b"card.drawn", b"marines", b'{"card":"pvt-hudson"}', 1)]
    for seq, (t, v, p, ph) in enumerate(events, start=1):
        prev = event_hash(prev, b"contact-17", seq, ph, t, v, p)
        print("event%d" % seq, prev.hex())

    seed = bytes(range(32, 64))
    nonces = [bytes.fromhex("6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7"), bytes([0xAA] * 20)]
    s = Stream(seed, nonces)
    print("key", s.key.hex())
    print("u32", " ".join("%08x" % s.u32() for _ in range(20)))
    s = Stream(seed, nonces)
    print("d6", " ".join(str(s.uniform(6) + 1) for _ in range(30)))
    s = Stream(seed, [])
    print("shuffle", " ".join(str(x) for x in s.shuffle(list(range(10)))))
    # A bound close to 2^32 exercises rejection often.
    s = Stream(seed, nonces)
    print("big", " ".join(str(s.uniform(3000000000)) for _ in range(16)))

    # The hidden stream of phase 7 from a shuffle seed (doc/commitments.md).
    shuffle_seed = bytes(range(64, 96))
    s7 = hashlib.blake2b(b"muthur-shuffle-v1" + shuffle_seed + (7).to_bytes(8, "big"),
                         digest_size=32).digest()
    print("hidden_seed", s7.hex())
    s = Stream(s7, nonces)
    print("hidden_shuffle", " ".join(str(x) for x in s.shuffle(list(range(10)))))

    print("msgid", message_id(b"view/contact-17/3/marines", "club.example"))
    print("state", hashlib.blake2b(b"opaque state bytes", digest_size=32).hexdigest())


if __name__ == "__main__":
    main()
