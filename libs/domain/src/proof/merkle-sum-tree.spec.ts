import { hash } from 'node:crypto';
import fc from 'fast-check';
import {
  leafText,
  levelSizes,
  MerkleSumTreeBuilder,
  nodeText,
  PADDING_LEAF_TEXT,
  siblingPositions,
  verifyBalanceProof,
  type BalanceProof,
  type SumNode,
} from './merkle-sum-tree';

const sha256 = (text: string) => hash('sha256', text, 'hex');
const asyncSha256 = (text: string) => Promise.resolve(sha256(text));

interface Leaf {
  userId: number;
  balanceCents: bigint;
  nonce: string;
}

/** The tree as every level's nodes, built the plain way (the reference for the streaming builder). */
function referenceLevels(leaves: Leaf[]): SumNode[][] {
  const padding = { hash: sha256(PADDING_LEAF_TEXT), sum: 0n };
  const levels = [
    leaves.map((l) => ({ hash: sha256(leafText(l.userId, l.balanceCents, l.nonce)), sum: l.balanceCents })),
  ];
  while (levels.length === 1 || levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    const level: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) {
      const left = below[i];
      const right = below[i + 1] ?? padding;
      level.push({ hash: sha256(nodeText(left, right)), sum: left.sum + right.sum });
    }
    levels.push(level);
  }
  return levels;
}

function proofOf(leaves: Leaf[], levels: SumNode[][], index: number): BalanceProof {
  const padding = { hash: sha256(PADDING_LEAF_TEXT), sum: 0n };
  const root = levels[levels.length - 1][0];
  return {
    date: '2026-11-24',
    at: '2026-11-24T10:00:00.000Z',
    root: root.hash,
    total: String(root.sum),
    leafCount: leaves.length,
    leaf: {
      userId: leaves[index].userId,
      balanceCents: String(leaves[index].balanceCents),
      nonce: leaves[index].nonce,
    },
    path: siblingPositions(index, leaves.length).map((p) => {
      const node = p.padding ? padding : levels[p.level][p.index];
      return { hash: node.hash, sum: String(node.sum), side: p.side };
    }),
  };
}

const hex32 = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 32, maxLength: 32 });
const leavesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 70 })
  .chain((ids) =>
    fc.tuple(
      fc.constant([...ids].sort((a, b) => a - b)),
      fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: ids.length, maxLength: ids.length }),
      fc.array(hex32, { minLength: ids.length, maxLength: ids.length }),
    ),
  )
  .map(([ids, balances, nonces]) => ids.map((userId, i) => ({ userId, balanceCents: balances[i], nonce: nonces[i] })));

function build(leaves: Leaf[]) {
  const stored = new Map<string, SumNode>();
  const builder = new MerkleSumTreeBuilder(sha256, (level, index, node) => stored.set(`${level}:${index}`, node));
  for (const leaf of leaves) builder.addLeaf(leaf.userId, leaf.balanceCents, leaf.nonce);
  return { ...builder.finish(), stored };
}

describe('Merkle sum tree (api-contract.md section 13)', () => {
  it('hashes the texts of the contract', () => {
    expect(leafText(7, 12345n, 'ab'.repeat(16))).toBe(`leaf|7|12345|${'ab'.repeat(16)}`);
    expect(PADDING_LEAF_TEXT).toBe('leaf|0|0|00000000000000000000000000000000');
    const a = { hash: 'a'.repeat(64), sum: 5n };
    const b = { hash: 'b'.repeat(64), sum: 0n };
    expect(nodeText(a, b)).toBe(`node|${'a'.repeat(64)}|5|${'b'.repeat(64)}|0`);
  });

  it('pads a lone leaf, so the root of one leaf is node(leaf, padding)', async () => {
    const leaf = { userId: 42, balanceCents: 100_00n, nonce: '1'.repeat(32) };
    const { root } = build([leaf]);
    const leafHash = sha256(`leaf|42|10000|${'1'.repeat(32)}`);
    const paddingHash = sha256(`leaf|0|0|${'0'.repeat(32)}`);
    expect(root).toEqual({ hash: sha256(`node|${leafHash}|10000|${paddingHash}|0`), sum: 10000n });
    const levels = referenceLevels([leaf]);
    const proof = proofOf([leaf], levels, 0);
    expect(proof.path).toEqual([{ hash: paddingHash, sum: '0', side: 'right' }]);
    expect(await verifyBalanceProof(proof, asyncSha256)).toEqual({ holds: true, root: root.hash, total: 10000n });
  });

  it('pairs the odd node at the end of every level with the padding leaf (3 and 5 leaves)', () => {
    const leaves = [1, 2, 3, 4, 5].map((userId) => ({ userId, balanceCents: BigInt(userId), nonce: 'f'.repeat(32) }));
    const h = leaves.map((l) => ({ hash: sha256(leafText(l.userId, l.balanceCents, l.nonce)), sum: l.balanceCents }));
    const pad = { hash: sha256(PADDING_LEAF_TEXT), sum: 0n };
    const node = (l: SumNode, r: SumNode) => ({ hash: sha256(nodeText(l, r)), sum: l.sum + r.sum });
    expect(build(leaves.slice(0, 3)).root).toEqual(node(node(h[0], h[1]), node(h[2], pad)));
    // 5 leaves: level 1 has 3 nodes, its last paired with the padding leaf (not a padding node)
    expect(build(leaves).root).toEqual(node(node(node(h[0], h[1]), node(h[2], h[3])), node(node(h[4], pad), pad)));
    expect(levelSizes(5)).toEqual([5, 3, 2, 1]);
    expect(levelSizes(1)).toEqual([1, 1]);
  });

  it('streams the same tree as the plain construction, and stores every node', () => {
    fc.assert(
      fc.property(leavesArb, (leaves) => {
        const levels = referenceLevels(leaves);
        const { root, leafCount, stored } = build(leaves);
        expect(root).toEqual(levels[levels.length - 1][0]);
        expect(leafCount).toBe(leaves.length);
        expect(root.sum).toBe(leaves.reduce((t, l) => t + l.balanceCents, 0n));
        levels.forEach((level, l) => level.forEach((node, i) => expect(stored.get(`${l}:${i}`)).toEqual(node)));
        expect(stored.size).toBe(levels.reduce((n, level) => n + level.length, 0));
      }),
    );
  });

  it("verifies every leaf's proof", async () => {
    await fc.assert(
      fc.asyncProperty(leavesArb, async (leaves) => {
        const levels = referenceLevels(leaves);
        for (let i = 0; i < leaves.length; i += 1) {
          expect((await verifyBalanceProof(proofOf(leaves, levels, i), asyncSha256)).holds).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });

  type Tamper = (proof: BalanceProof) => BalanceProof | null;
  const bump = (cents: string, by: bigint) => String(BigInt(cents) + by);
  const tampers: Record<string, (pick: number, by: bigint) => Tamper> = {
    balance: (_, by) => (p) => ({ ...p, leaf: { ...p.leaf, balanceCents: bump(p.leaf.balanceCents, by) } }),
    nonce: (pick) => (p) => {
      const nonce = p.leaf.nonce.split('');
      const at = pick % 32;
      nonce[at] = nonce[at] === '0' ? '1' : '0';
      return { ...p, leaf: { ...p.leaf, nonce: nonce.join('') } };
    },
    userId: (_, by) => (p) => ({ ...p, leaf: { ...p.leaf, userId: p.leaf.userId + Number(by) } }),
    'sibling hash': (pick) => (p) => {
      const i = pick % p.path.length;
      const hash = (p.path[i].hash[0] === '0' ? '1' : '0') + p.path[i].hash.slice(1);
      return { ...p, path: p.path.map((s, j) => (j === i ? { ...s, hash } : s)) };
    },
    'sibling sum': (pick, by) => (p) => {
      const i = pick % p.path.length;
      return { ...p, path: p.path.map((s, j) => (j === i ? { ...s, sum: bump(s.sum, by) } : s)) };
    },
    'sibling side': (pick) => (p) => {
      const i = pick % p.path.length;
      const flip = (side: 'left' | 'right') => (side === 'left' ? 'right' : 'left');
      return { ...p, path: p.path.map((s, j) => (j === i ? { ...s, side: flip(s.side) } : s)) };
    },
    'number of siblings': (pick) => (p) => ({ ...p, path: p.path.filter((_, j) => j !== pick % p.path.length) }),
    total: (_, by) => (p) => ({ ...p, total: bump(p.total, by) }),
    root: (pick) => (p) => {
      const at = pick % 64;
      const root = p.root.slice(0, at) + (p.root[at] === 'a' ? 'b' : 'a') + p.root.slice(at + 1);
      return { ...p, root };
    },
  };

  it.each(Object.keys(tampers))('fails when the %s changes', async (what) => {
    await fc.assert(
      fc.asyncProperty(
        leavesArb,
        fc.nat(),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        async (leaves, leafPick, pick, by) => {
          const levels = referenceLevels(leaves);
          const proof = proofOf(leaves, levels, leafPick % leaves.length);
          const tampered = tampers[what](pick, by)(proof);
          expect((await verifyBalanceProof(tampered, asyncSha256)).holds).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses proofs of the wrong form, negative sums included', async () => {
    const leaves = [1, 2, 3].map((userId) => ({ userId, balanceCents: 5n, nonce: 'a'.repeat(32) }));
    const proof = proofOf(leaves, referenceLevels(leaves), 1);
    for (const bad of [
      null,
      'text',
      { ...proof, root: proof.root.toUpperCase() },
      { ...proof, total: '1e3' },
      { ...proof, total: 15.5 },
      { ...proof, leaf: { ...proof.leaf, balanceCents: '-5' } },
      { ...proof, leaf: { ...proof.leaf, nonce: 'xyz' } },
      { ...proof, path: [{ ...proof.path[0], sum: '-1' }, ...proof.path.slice(1)] },
      { ...proof, path: [{ ...proof.path[0], side: 'up' }, ...proof.path.slice(1)] },
      { ...proof, leafCount: 0 },
    ]) {
      expect((await verifyBalanceProof(bad, asyncSha256)).holds).toBe(false);
    }
    // numbers are read as integers too (a proof written by hand)
    expect(
      (await verifyBalanceProof({ ...proof, total: 15, leaf: { ...proof.leaf, balanceCents: 5 } }, asyncSha256)).holds,
    ).toBe(true);
  });
});

describe('Merkle sum tree: what it refuses, and why', () => {
  const leaves = [1, 2, 3].map((userId) => ({ userId, balanceCents: 5n, nonce: 'a'.repeat(32) }));
  const levels = referenceLevels(leaves);
  const proof = proofOf(leaves, levels, 1);
  const reasonOf = async (bad: unknown) => {
    const check = await verifyBalanceProof(bad, asyncSha256);
    return check.holds ? 'holds' : check.reason;
  };

  it('has no tree without a leaf: zero, negative or fractional leaf counts', () => {
    for (const leafCount of [0, -1, 2.5, Number.NaN]) {
      expect(() => levelSizes(leafCount)).toThrow('A tree needs at least one leaf');
    }
    expect(levelSizes(2)).toEqual([2, 1]);
  });

  it('finds siblings only for a leaf of the tree: 0 to leafCount - 1', () => {
    // given a tree of 3 leaves, its last leaf has siblings
    expect(siblingPositions(2, 3)).toEqual([
      { level: 0, index: 3, side: 'right', padding: true },
      { level: 1, index: 0, side: 'left', padding: false },
    ]);
    // when the index is before, after, at the end or between leaves, then it is refused
    expect(() => siblingPositions(-1, 3)).toThrow('Leaf -1 is not in a tree of 3');
    expect(() => siblingPositions(3, 3)).toThrow('Leaf 3 is not in a tree of 3');
    expect(() => siblingPositions(4, 3)).toThrow('Leaf 4 is not in a tree of 3');
    expect(() => siblingPositions(0.5, 3)).toThrow('Leaf 0.5 is not in a tree of 3');
  });

  it('refuses a negative balance when building, and takes a zero one', () => {
    const builder = new MerkleSumTreeBuilder(sha256);
    expect(() => builder.addLeaf(9, -1n, 'a'.repeat(32))).toThrow(
      'Balance of 9 is negative: a sum tree cannot commit it',
    );
    expect(builder.addLeaf(9, 0n, 'a'.repeat(32)).sum).toBe(0n);
  });

  it('has no root without a leaf', () => {
    expect(() => new MerkleSumTreeBuilder(sha256).finish()).toThrow('A tree needs at least one leaf');
  });

  it("refuses a path that leads to the root but is another tree's length, with what it computed", async () => {
    // given the proof of a 3-leaf tree (2 steps), when it claims 5 leaves (3 steps) or 2 (1 step)
    const root = levels[levels.length - 1][0];
    expect(await verifyBalanceProof({ ...proof, leafCount: 5 }, asyncSha256)).toEqual({
      holds: false,
      reason: 'The path has 2 steps; a tree of 5 leaves has 3.',
      computedRoot: root.hash,
      computedTotal: 15n,
    });
    expect(await reasonOf({ ...proof, leafCount: 2 })).toBe('The path has 2 steps; a tree of 2 leaves has 1.');
    expect(await reasonOf({ ...proof, leafCount: 4 })).toBe('holds');
  });

  it('says whether the root or the total is what does not match', async () => {
    const root = levels[levels.length - 1][0];
    const otherHash = (proof.path[0].hash[0] === '0' ? '1' : '0') + proof.path[0].hash.slice(1);
    const moved = await verifyBalanceProof(
      { ...proof, path: [{ ...proof.path[0], hash: otherHash }, proof.path[1]] },
      asyncSha256,
    );
    expect(moved).toMatchObject({ holds: false, reason: 'The path does not lead to the published root.' });
    expect(await verifyBalanceProof({ ...proof, total: '16' }, asyncSha256)).toEqual({
      holds: false,
      reason: 'The sums along the path do not add up to the published total.',
      computedRoot: root.hash,
      computedTotal: 15n,
    });
  });

  it.each([
    ['a null', null, 'The proof is not a JSON object.'],
    ['a text', 'text', 'The proof is not a JSON object.'],
    ['an upper-case root', { ...proof, root: proof.root.toUpperCase() }, 'The root is not a SHA-256 hash in hex.'],
    [
      'a root with a character more at the end',
      { ...proof, root: `${proof.root}0` },
      'The root is not a SHA-256 hash in hex.',
    ],
    [
      'a root with a character more in front',
      { ...proof, root: `0${proof.root}` },
      'The root is not a SHA-256 hash in hex.',
    ],
    ['a total in exponent form', { ...proof, total: '1e3' }, 'The total is not a whole number of cents.'],
    ['a fractional total', { ...proof, total: 15.5 }, 'The total is not a whole number of cents.'],
    ['a total beyond safe integers', { ...proof, total: 2 ** 53 }, 'The total is not a whole number of cents.'],
    ['a total in a list', { ...proof, total: ['15'] }, 'The total is not a whole number of cents.'],
    ['no leaf count', { ...proof, leafCount: 0 }, 'The leaf count is not a positive whole number.'],
    ['no leaf', { ...proof, leaf: undefined }, 'The proof has no leaf.'],
    ['a null leaf', { ...proof, leaf: null }, 'The proof has no leaf.'],
    ['no user id', { ...proof, leaf: { ...proof.leaf, userId: undefined } }, 'The leaf has no user id.'],
    ['a user id with a leading zero', { ...proof, leaf: { ...proof.leaf, userId: '02' } }, 'The leaf has no user id.'],
    ['a user id with a suffix', { ...proof, leaf: { ...proof.leaf, userId: '2x' } }, 'The leaf has no user id.'],
    [
      'a negative balance',
      { ...proof, leaf: { ...proof.leaf, balanceCents: '-5' } },
      'The leaf balance is not a whole number of cents.',
    ],
    ['a short nonce', { ...proof, leaf: { ...proof.leaf, nonce: 'xyz' } }, 'The nonce is not 32 hex characters.'],
    [
      'a nonce of 33 characters',
      { ...proof, leaf: { ...proof.leaf, nonce: `${proof.leaf.nonce}0` } },
      'The nonce is not 32 hex characters.',
    ],
    ['no path', { ...proof, path: undefined }, 'The path is not a list of siblings.'],
    ['a path as text', { ...proof, path: 'abc' }, 'The path is not a list of siblings.'],
    [
      'a path of 65 steps',
      { ...proof, path: Array.from({ length: 65 }, () => proof.path[0]) },
      'The path is not a list of siblings.',
    ],
    [
      'a negative sibling sum',
      { ...proof, path: [{ ...proof.path[0], sum: '-1' }, proof.path[1]] },
      'A step of the path is not {hash, sum, side}.',
    ],
    [
      'a sibling on no side',
      { ...proof, path: [{ ...proof.path[0], side: 'up' }, proof.path[1]] },
      'A step of the path is not {hash, sum, side}.',
    ],
  ])('refuses %s, saying so', async (_, bad, reason) => {
    expect(await reasonOf(bad)).toBe(reason);
  });

  it('reads a path of 64 steps (the most a tree can have), then finds it the wrong length', async () => {
    const path = Array.from({ length: 64 }, () => proof.path[0]);
    expect(await reasonOf({ ...proof, path })).toBe('The path has 64 steps; a tree of 3 leaves has 2.');
  });
});
