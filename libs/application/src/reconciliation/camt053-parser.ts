import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  assignContentKeys,
  cleanText,
  MAX_STATEMENT_BYTES,
  parseStatementAmount,
  parseStatementDate,
  periodOf,
  StatementFormatError,
  type ParsedStatement,
  type StatementEntry,
} from './statement-entry';

/**
 * ISO 20022 bank-to-customer statements, camt.053.001.02 to .001.08, read with fast-xml-parser.
 * Hostile input is assumed: at most 5 MB, no DOCTYPE (so no entity can be declared, let alone
 * expanded), at most 40 levels of nesting, amounts kept as text and converted exactly. Any fault
 * refuses the whole file with a message naming the line and element.
 */

const SUPPORTED = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.0([2-8])$/;
const MAX_DEPTH = 40;

/** Elements that may repeat: always read as arrays, so one and many look alike. */
const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlRmtInf', 'Bal', 'AddtlNtryInf']);

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // no entity is expanded by the parser; text() decodes the five predefined ones and character
  // references, the only ones a document without a DOCTYPE (refused above) can use
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_DEPTH,
  isArray: (name) => REPEATED.has(name),
});

/** Line number (1-based) of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

export function parseCamt053(xml: string): ParsedStatement {
  if (Buffer.byteLength(xml, 'utf8') > MAX_STATEMENT_BYTES) {
    throw new StatementFormatError('The statement is larger than 5 MB.');
  }
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(xml);
  if (doctype) {
    throw new StatementFormatError(
      `Line ${lineAt(xml, doctype.index)}: DOCTYPE and entity declarations are not accepted.`,
    );
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new StatementFormatError(`Line ${valid.err.line}: the XML is not well-formed (${valid.err.msg})`);
  }
  let root: XmlNode;
  try {
    root = parser.parse(xml) as XmlNode;
  } catch (error) {
    const nested = error instanceof Error && /nested/i.test(error.message);
    throw new StatementFormatError(
      nested ? `The XML is nested more than ${MAX_DEPTH} levels deep.` : 'The XML could not be read.',
    );
  }
  const reader = new CamtReader(xml);
  return reader.read(root, namespaceOfDocument(xml));
}

/**
 * The namespace of the Document element (prefixed or default), read from its start tag: the parser
 * drops namespace prefixes and declarations so that every version reads alike.
 */
function namespaceOfDocument(xml: string): string | null {
  const tag = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(xml);
  if (!tag) return null;
  const attribute = tag[1] ? `xmlns:${tag[1]}` : 'xmlns';
  const declared = new RegExp(`\\s${attribute.replace('.', '\\.')}\\s*=\\s*(["'])([^"']*)\\1`).exec(tag[2]);
  return declared ? declared[2] : null;
}

/** Where an element starts: the n-th (1-based) start tag of its name, after its parent's start. */
interface Anchor {
  tag: string;
  n: number;
  parent?: Anchor;
}

/** Offset of an anchor's start tag in the text (namespace prefixes allowed), or -1. */
function offsetOf(xml: string, anchor: Anchor): number {
  const from = anchor.parent ? offsetOf(xml, anchor.parent) : 0;
  if (from < 0) return -1;
  const tag = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${anchor.tag}[\\s/>]`, 'g');
  tag.lastIndex = from;
  let match: RegExpExecArray | null = null;
  for (let i = 0; i < anchor.n; i += 1) {
    match = tag.exec(xml);
    if (!match) return -1;
  }
  return match ? match.index : -1;
}

class CamtReader {
  /**
   * Elements a message can name, with where they start. Positions are found only when a file is
   * refused (the parser's own position tracking cost a quarter of the parse time).
   */
  private readonly anchors = new WeakMap<XmlNode, Anchor>();

  constructor(private readonly xml: string) {}

  private anchor(node: XmlNode, anchor: Anchor): Anchor {
    this.anchors.set(node, anchor);
    return anchor;
  }

  /** "Line 12: Ntry 3: ..." from the nearest element that records where it starts. */
  private fail(node: XmlNode | null, where: string, problem: string): never {
    const anchor = node ? this.anchors.get(node) : undefined;
    const offset = anchor ? offsetOf(this.xml, anchor) : -1;
    const line = offset >= 0 ? `Line ${lineAt(this.xml, offset)}: ` : '';
    throw new StatementFormatError(`${line}${where}: ${problem}`);
  }

  read(root: XmlNode, namespace: string | null): ParsedStatement {
    const document = child(root, 'Document');
    if (!document) this.fail(null, 'Document', 'the root element must be a camt.053 Document.');
    this.anchor(document, { tag: 'Document', n: 1 });
    const version = namespace ? SUPPORTED.exec(namespace) : null;
    if (!version) {
      this.fail(
        document,
        'Document',
        `namespace ${namespace ? `"${cleanText(namespace, 100)}"` : '(none)'} is not camt.053.001.02 to .001.08.`,
      );
    }
    const body = child(document, 'BkToCstmrStmt');
    if (!body) this.fail(document, 'Document', 'BkToCstmrStmt is missing.');
    this.anchor(body, { tag: 'BkToCstmrStmt', n: 1 });
    const statements = list(body, 'Stmt');
    if (statements.length === 0) this.fail(body, 'BkToCstmrStmt', 'no Stmt element.');

    const accountIban = text(path(statements[0], 'Acct', 'Id', 'IBAN'));
    const raw: (Omit<StatementEntry, 'key'> & { reference: string | null })[] = [];
    let from: string | null = null;
    let to: string | null = null;
    let entryNo = 0;
    statements.forEach((statement, s) => {
      const stmtAnchor = this.anchor(statement, { tag: 'Stmt', n: s + 1 });
      const iban = text(path(statement, 'Acct', 'Id', 'IBAN'));
      if (iban !== accountIban) {
        this.fail(statement, `Stmt ${s + 1}`, 'every Stmt of a file must be of the same account.');
      }
      const period = child(statement, 'FrToDt');
      if (period) {
        this.anchor(period, { tag: 'FrToDt', n: 1, parent: stmtAnchor });
        const start = parseStatementDate(text(period.FrDtTm) ?? '');
        const end = parseStatementDate(text(period.ToDtTm) ?? '');
        if (!start || !end) this.fail(period, `Stmt ${s + 1} FrToDt`, 'FrDtTm and ToDtTm must be dates.');
        if (from === null || start < from) from = start;
        if (to === null || end > to) to = end;
      }
      for (const entry of list(statement, 'Ntry')) {
        entryNo += 1;
        this.anchor(entry, { tag: 'Ntry', n: entryNo });
        raw.push(...this.entry(entry, entryNo));
      }
    });
    const entries = assignContentKeys(accountIban, raw);
    const derived = periodOf(entries);
    return {
      format: `camt.053.001.0${version[1]}`,
      accountIban,
      from: from ?? derived.from,
      to: to ?? derived.to,
      entries,
    };
  }

  private entry(entry: XmlNode, no: number): (Omit<StatementEntry, 'key'> & { reference: string | null })[] {
    const where = `Ntry ${no}`;
    const amount = this.amount(entry, where);
    const direction = this.direction(entry, where, 'CdtDbtInd');
    if (!direction) this.fail(entry, where, 'CdtDbtInd must be CRDT or DBIT.');
    // .02 to .06 write <Sts>BOOK</Sts>, .07 and .08 <Sts><Cd>BOOK</Cd></Sts>
    const statusNode = entry.Sts;
    const status =
      typeof statusNode === 'object' && statusNode !== null ? text((statusNode as XmlNode).Cd) : text(statusNode);
    if (!status) this.fail(entry, where, 'Sts is missing.');
    const bookingDate = this.date(entry, where);
    const reversal = text(entry.RvslInd) === 'true';
    const entryReference = text(entry.AcctSvcrRef) ?? text(entry.NtryRef);
    const entryInfo = list(entry, 'AddtlNtryInf').map((info) => text(info) ?? '');
    const transactions = list(entry, 'NtryDtls').flatMap((details) => list(details, 'TxDtls'));
    const common = {
      bookingDate,
      booked: status === 'BOOK',
      reversal,
    };
    if (transactions.length <= 1) {
      const tx = transactions[0] ?? null;
      return [
        {
          ...common,
          ...this.details(tx, direction, entryInfo),
          amountCents: amount.cents,
          currency: amount.currency,
          direction,
          reference: entryReference,
          position: where,
        },
      ];
    }
    // a batch: one line per transaction, each with its own amount and reference
    const entryAnchor = this.anchors.get(entry);
    return transactions.map((tx, index) => {
      const txWhere = `${where} TxDtls ${index + 1}`;
      this.anchor(tx, { tag: 'TxDtls', n: index + 1, parent: entryAnchor });
      const txAmount = this.transactionAmount(tx, txWhere);
      const txDirection = this.direction(tx, txWhere, 'CdtDbtInd') ?? direction;
      const refs = child(tx, 'Refs');
      const endToEnd = text(refs?.EndToEndId);
      const txReference =
        text(refs?.AcctSvcrRef) ??
        text(refs?.TxId) ??
        (endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : null) ??
        (entryReference ? `${entryReference}/${index + 1}` : null);
      return {
        ...common,
        ...this.details(tx, txDirection, entryInfo),
        amountCents: txAmount.cents,
        currency: txAmount.currency,
        direction: txDirection,
        reference: txReference,
        position: txWhere,
      };
    });
  }

  /** Remittance, counterparty and end-to-end id of a transaction (or of an entry without details). */
  private details(
    tx: XmlNode | null,
    direction: 'credit' | 'debit',
    entryInfo: string[],
  ): Pick<StatementEntry, 'remittance' | 'counterpartyName' | 'counterpartyIban' | 'endToEndId'> {
    const texts: string[] = [];
    const remittance = tx ? child(tx, 'RmtInf') : null;
    if (remittance) {
      for (const line of list(remittance, 'Ustrd')) texts.push(text(line) ?? '');
      for (const structured of list(remittance, 'Strd')) {
        texts.push(text(path(structured, 'CdtrRefInf', 'Ref')) ?? '');
        for (const info of list(structured, 'AddtlRmtInf')) texts.push(text(info) ?? '');
      }
    }
    texts.push(...entryInfo);
    // the other party: who paid us on a credit, whom we paid on a debit (.08 wraps it in Pty)
    const parties = tx ? child(tx, 'RltdPties') : null;
    const party = parties ? child(parties, direction === 'credit' ? 'Dbtr' : 'Cdtr') : null;
    const name = text(party?.Nm) ?? text(path(party, 'Pty', 'Nm'));
    const account = parties ? child(parties, direction === 'credit' ? 'DbtrAcct' : 'CdtrAcct') : null;
    const endToEnd = text(path(tx, 'Refs', 'EndToEndId'));
    return {
      remittance: cleanText(texts.filter((value) => value.trim() !== '').join(' / '), 1000),
      counterpartyName: name ? cleanText(name, 140) : null,
      counterpartyIban:
        text(path(account, 'Id', 'IBAN'))
          ?.replace(/\s+/g, '')
          .toUpperCase()
          .slice(0, 34) ?? null,
      endToEndId: endToEnd && endToEnd !== 'NOTPROVIDED' ? cleanText(endToEnd, 35) : null,
    };
  }

  private amount(node: XmlNode, where: string): { cents: bigint; currency: string } {
    const amt = node.Amt;
    if (amt === undefined) this.fail(node, where, 'Amt is missing.');
    return this.money(node, amt, `${where} Amt`);
  }

  /** .03 and later: TxDtls/Amt; .02: TxDtls/AmtDtls/TxAmt/Amt. */
  private transactionAmount(tx: XmlNode, where: string): { cents: bigint; currency: string } {
    const amt = tx.Amt ?? path(tx, 'AmtDtls', 'TxAmt', 'Amt');
    if (amt === undefined) this.fail(tx, where, 'a transaction of a batch entry has no amount.');
    return this.money(tx, amt, `${where} Amt`);
  }

  private money(owner: XmlNode, amt: unknown, where: string): { cents: bigint; currency: string } {
    const value = typeof amt === 'object' && amt !== null ? text((amt as XmlNode)['#text']) : text(amt);
    const currency = typeof amt === 'object' && amt !== null ? text((amt as XmlNode)['@Ccy']) : null;
    const cents = value ? parseStatementAmount(value) : null;
    if (cents === null) {
      this.fail(owner, where, `"${cleanText(value ?? '', 40)}" is not a positive amount in whole cents.`);
    }
    if (!currency || !/^[A-Z]{3}$/.test(currency)) this.fail(owner, where, 'Ccy must be a 3-letter currency code.');
    return { cents, currency };
  }

  private direction(node: XmlNode, where: string, field: string): 'credit' | 'debit' | null {
    const value = text(node[field]);
    if (value === null) return null;
    if (value === 'CRDT') return 'credit';
    if (value === 'DBIT') return 'debit';
    return this.fail(node, where, `${field} must be CRDT or DBIT.`);
  }

  private date(entry: XmlNode, where: string): string | null {
    const booking = child(entry, 'BookgDt');
    if (!booking) return null;
    const value = text(booking.Dt) ?? text(booking.DtTm);
    const date = value ? parseStatementDate(value) : null;
    if (!date) this.fail(entry, `${where} BookgDt`, 'Dt or DtTm must be a date.');
    return date;
  }
}

function child(node: unknown, name: string): XmlNode | null {
  if (typeof node !== 'object' || node === null) return null;
  const value = (node as XmlNode)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'object' && first !== null ? (first as XmlNode) : null;
}

function list(node: unknown, name: string): XmlNode[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as XmlNode)[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === 'object' && item !== null ? (item as XmlNode) : ({ '#text': item } as XmlNode),
  );
}

function path(node: unknown, ...names: string[]): unknown {
  let current: unknown = node;
  for (const name of names) {
    if (typeof current !== 'object' || current === null) return undefined;
    const value = (current as XmlNode)[name];
    current = Array.isArray(value) ? value[0] : value;
  }
  return current;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** `&amp;`, `&#233;`, `&#xE9;`...; anything else stays as written. */
function decodeEntities(value: string): string {
  return value.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name];
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of an element (plain, or `#text` beside attributes); null when absent or empty. */
function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const decoded = value.includes('&') ? decodeEntities(value).trim() : value.trim();
    return decoded === '' ? null : decoded;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && '#text' in value) return text((value as XmlNode)['#text']);
  return null;
}
