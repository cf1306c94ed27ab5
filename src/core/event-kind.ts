// What a game's records may hold, described beside its engine: each event type it writes, as a
// fragment of the record format's JSON Schema and as the viewer page draws it. The records
// code composes the format from the fragments the catalog's entries list (records/format.ts).

/** The part of JSON Schema (draft 2020-12) the record format uses. */
export interface JsonSchema {
  title?: string;
  description?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  /** false: no field beside `properties`; a schema: what every other field is (a map). */
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** A seat, counted from 0. */
export const SEAT: JsonSchema = { type: 'integer', minimum: 0, maximum: 15 };
/** A round, hand or cycle, counted from 0. */
export const INDEX: JsonSchema = { type: 'integer', minimum: 0, maximum: 1000000 };
/** Points, chips or money: within 10^15. */
export const AMOUNT: JsonSchema = { type: 'number', minimum: -1000000000000000, maximum: 1000000000000000 };
/** One amount a seat. */
export const AMOUNTS: JsonSchema = { type: 'array', items: AMOUNT };

/**
 * One event type of the record format. Two games that write the same type share one EventKind
 * (the composition refuses two different ones of a type).
 */
export interface EventKind {
  /** The event's type, as a record writes it. */
  type: string;
  /** What it means, for the schema. */
  description: string;
  /** Its fields beside `type` (the format adds `type`, and refuses fields not named here). */
  required: string[];
  properties: Record<string, JsonSchema>;
  /**
   * The viewer page's script (plain JavaScript run by the browser; records/page.ts): `fold`,
   * statements that apply the event to the table shown, `st` (seats[k]: hand, discards, melds,
   * flowers, score, chosen; pot, third, dealer, answers), with `e` the event and `s` its
   * seat's place or null; `words`, statements that return it in words (`who` is "seat k " or
   * empty); `mark`, where the event starts a hand, round or cycle, an expression naming it for
   * the jump list (or null where this one does not). The page's script offers take(list, x)
   * (removes one x) and MONTHS (the Hwatu months' names).
   */
  fold?: string;
  words: string;
  mark?: string;
}
