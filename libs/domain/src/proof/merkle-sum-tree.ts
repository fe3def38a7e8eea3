/**
 * The Merkle sum tree of proof of liabilities (api-contract.md section 13), exactly as a third party
 * recomputes it: texts hashed with SHA-256 as UTF-8, hashes in lower-case hex, sums as decimal
 * integers. Pure: the hash function is passed in (node:crypto on the server, Web Crypto in the
 * browser), so the same rules serve the builder, the server's path and every verifier.
 */

/** A tree node: its hash (64 lower-case hex) and the sum of the balances below it, in cents. */
export interface SumNode {
  hash: string;
  sum: bigint;
}

export type Sha256Hex = (text: string) => string;
export type AsyncSha256Hex = (text: string) => Promise<string>;

/** 32 hex characters: the nonce's form, and the padding leaf's nonce (32 zeros). */
export const NONCE_PATTERN = /^[0-9a-f]{32}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;
// sums and balances are never negative: a negative sum is how a sum tree would hide a liability
const CENTS_PATTERN = /^(0|[1-9][0-9]*)$/;

export function leafText(userId: number | string, balanceCents: bigint, nonce: string): string {
  return `leaf|${userId}|${balanceCents}|${nonce}`;
}

export function nodeText(left: SumNode, right: SumNode): string {
  return `node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`;
}

/** What pairs with an odd node at the end of a level (and with a lone leaf): `leaf|0|0|` + 32 zeros. */
export const PADDING_LEAF_TEXT = `leaf|0|0|${'0'.repeat(32)}`;

export function paddingLeaf(hash: Sha256Hex): SumNode {
  return { hash: hash(PADDING_LEAF_TEXT), sum: 0n };
}

export function parentOf(left: SumNode, right: SumNode, hash: Sha256Hex): SumNode {
  return { hash: hash(nodeText(left, right)), sum: left.sum + right.sum };
}

/**
 * Node counts per level, leaves first, root last. Every odd level end is padded, and a lone leaf is
 * too, so the top level (one node) is always above the leaves.
 */
export function levelSizes(leafCount: number): number[] {
  if (!Number.isSafeInteger(leafCount) || leafCount < 1) throw new Error('A tree needs at least one leaf');
  const sizes = [leafCount];
  while (sizes.length === 1 || sizes[sizes.length - 1] > 1) sizes.push(Math.ceil(sizes[sizes.length - 1] / 2));
  return sizes;
}

/** Where a leaf's siblings are, bottom up: a stored node at (level, index), or the padding leaf. */
export interface SiblingPosition {
  level: number;
  index: number;
  /** the sibling's side: `left` means parent = node(sibling, current) */
  side: 'left' | 'right';
  padding: boolean;
}

export function siblingPositions(leafIndex: number, leafCount: number): SiblingPosition[] {
  const sizes = levelSizes(leafCount);
  if (!Number.isSafeInteger(leafIndex) || leafIndex < 0 || leafIndex >= leafCount) {
    throw new Error(`Leaf ${leafIndex} is not in a tree of ${leafCount}`);
  }
  const positions: SiblingPosition[] = [];
  let index = leafIndex;
  for (let level = 0; level < sizes.length - 1; level += 1) {
    const sibling = index ^ 1;
    const side = index % 2 === 0 ? 'right' : 'left';
    positions.push({ level, index: sibling, side, padding: sibling >= sizes[level] });
    index = Math.floor(index / 2);
  }
  return positions;
}

export interface TreeSummary {
  root: SumNode;
  leafCount: number;
}

/**
 * Builds the tree from leaves given in order (by user id), keeping one pending node per level: memory
 * grows with the tree's height, not its size. Every node made (leaves included, the padding leaf not)
 * is handed to `onNode` with its level and index, so a caller can store it as it goes.
 */
export class MerkleSumTreeBuilder {
  private readonly pending: (SumNode | undefined)[] = [];
  private readonly counts: number[] = [];
  private readonly padding: SumNode;

  constructor(
    private readonly hash: Sha256Hex,
    private readonly onNode: (level: number, index: number, node: SumNode) => void = () => undefined,
  ) {
    this.padding = paddingLeaf(hash);
  }

  /** Adds the next leaf and returns it (its hash is the leaf hash of section 13). */
  addLeaf(userId: number | string, balanceCents: bigint, nonce: string): SumNode {
    if (balanceCents < 0n) throw new Error(`Balance of ${userId} is negative: a sum tree cannot commit it`);
    const leaf = { hash: this.hash(leafText(userId, balanceCents, nonce)), sum: balanceCents };
    this.add(0, leaf);
    return leaf;
  }

  get leafCount(): number {
    return this.counts[0] ?? 0;
  }

  /** Pads the odd level ends and returns the root. */
  finish(): TreeSummary {
    const leafCount = this.leafCount;
    if (leafCount === 0) throw new Error('A tree needs at least one leaf');
    for (let level = 0; ; level += 1) {
      const count = this.counts[level];
      if (count === 1 && level > 0) return { root: this.pending[level] as SumNode, leafCount };
      if (count % 2 === 1) {
        const last = this.pending[level] as SumNode;
        this.pending[level] = undefined;
        this.add(level + 1, parentOf(last, this.padding, this.hash));
      }
    }
  }

  private add(level: number, node: SumNode): void {
    const index = this.counts[level] ?? 0;
    this.counts[level] = index + 1;
    this.onNode(level, index, node);
    if (index % 2 === 0) {
      this.pending[level] = node;
      return;
    }
    const left = this.pending[level] as SumNode;
    this.pending[level] = undefined;
    this.add(level + 1, parentOf(left, node, this.hash));
  }
}

/** The proof a customer receives (GET /api/user/proof); sums and balances as decimal strings. */
export interface BalanceProof {
  date: string;
  at: string;
  root: string;
  total: string;
  leafCount: number;
  leaf: { userId: number; balanceCents: string; nonce: string };
  path: { hash: string; sum: string; side: 'left' | 'right' }[];
}

export type ProofCheck =
  | { holds: true; root: string; total: bigint }
  | { holds: false; reason: string; computedRoot?: string; computedTotal?: bigint };

/**
 * Recomputes the root from the leaf and its path and compares it, and the total, with the published
 * ones. Reads untrusted input (a downloaded file): every field is checked for its form first.
 */
export async function verifyBalanceProof(proof: unknown, sha256: AsyncSha256Hex): Promise<ProofCheck> {
  const form = proofForm(proof);
  if (typeof form === 'string') return { holds: false, reason: form };
  const { leaf, path, root, total, leafCount } = form;
  let current: SumNode = {
    hash: await sha256(leafText(leaf.userId, leaf.balanceCents, leaf.nonce)),
    sum: leaf.balanceCents,
  };
  for (const sibling of path) {
    const [left, right] = sibling.side === 'left' ? [sibling, current] : [current, sibling];
    current = { hash: await sha256(nodeText(left, right)), sum: left.sum + right.sum };
  }
  // a path of the wrong length for the tree's size could only come from another tree
  if (path.length !== levelSizes(leafCount).length - 1) {
    return {
      holds: false,
      reason: `The path has ${path.length} steps; a tree of ${leafCount} leaves has ${levelSizes(leafCount).length - 1}.`,
      computedRoot: current.hash,
      computedTotal: current.sum,
    };
  }
  if (current.hash !== root) {
    return {
      holds: false,
      reason: 'The path does not lead to the published root.',
      computedRoot: current.hash,
      computedTotal: current.sum,
    };
  }
  if (current.sum !== total) {
    return {
      holds: false,
      reason: 'The sums along the path do not add up to the published total.',
      computedRoot: current.hash,
      computedTotal: current.sum,
    };
  }
  return { holds: true, root, total };
}

interface ProofForm {
  root: string;
  total: bigint;
  leafCount: number;
  leaf: { userId: string; balanceCents: bigint; nonce: string };
  path: { hash: string; sum: bigint; side: 'left' | 'right' }[];
}

function cents(value: unknown): bigint | null {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && CENTS_PATTERN.test(text) ? BigInt(text) : null;
}

/** The proof's fields in their exact forms, or what is wrong with it. */
function proofForm(proof: unknown): ProofForm | string {
  if (typeof proof !== 'object' || proof === null) return 'The proof is not a JSON object.';
  const p = proof as Record<string, unknown>;
  const leaf = p.leaf as Record<string, unknown> | null | undefined;
  if (typeof p.root !== 'string' || !HASH_PATTERN.test(p.root)) return 'The root is not a SHA-256 hash in hex.';
  const total = cents(p.total);
  if (total === null) return 'The total is not a whole number of cents.';
  if (typeof p.leafCount !== 'number' || !Number.isSafeInteger(p.leafCount) || p.leafCount < 1) {
    return 'The leaf count is not a positive whole number.';
  }
  if (typeof leaf !== 'object' || leaf === null) return 'The proof has no leaf.';
  const userId = typeof leaf.userId === 'number' ? String(leaf.userId) : leaf.userId;
  if (typeof userId !== 'string' || !/^[1-9][0-9]*$/.test(userId)) return 'The leaf has no user id.';
  const balanceCents = cents(leaf.balanceCents);
  if (balanceCents === null) return 'The leaf balance is not a whole number of cents.';
  if (typeof leaf.nonce !== 'string' || !NONCE_PATTERN.test(leaf.nonce)) return 'The nonce is not 32 hex characters.';
  if (!Array.isArray(p.path) || p.path.length > 64) return 'The path is not a list of siblings.';
  const path: ProofForm['path'] = [];
  for (const step of p.path as unknown[]) {
    const s = (typeof step === 'object' && step !== null ? step : {}) as Record<string, unknown>;
    const sum = cents(s.sum);
    if (
      typeof s.hash !== 'string' ||
      !HASH_PATTERN.test(s.hash) ||
      sum === null ||
      (s.side !== 'left' && s.side !== 'right')
    ) {
      return 'A step of the path is not {hash, sum, side}.';
    }
    path.push({ hash: s.hash, sum, side: s.side });
  }
  return { root: p.root, total, leafCount: p.leafCount, leaf: { userId, balanceCents, nonce: leaf.nonce }, path };
}
