import { Type } from '@sinclair/typebox';
import { TRANSPORT_FAULTS } from '../chaos/chaos-settings.js';
import { StringEnum } from '../api/schemas/strings.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { MAX_MOVES_EVERY_MS, MIN_MOVES_EVERY_MS } from '../moves/market-clock.js';

// The bodies of the admin API under /__mock (docs/admin-and-chaos.md §1) that are its own: the chaos
// settings, the request journal's entries and the market's bodies. Its error body is the API's (ErrorBodySchema).

const fault = Type.Union([
  Type.Integer({ minimum: 400, maximum: 599 }),
  StringEnum(TRANSPORT_FAULTS, 'A transport fault'),
]);
const routeChaos = {
  latency: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String(), Type.Null()], {
      description: '150 (ms), "50-250" or "lognormal:120:0.8"',
    }),
  ),
  errorRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Share of requests that get a fault' })),
  errorStatus: Type.Optional(Type.Array(fault, { minItems: 1, description: 'What a fault is, picked uniformly' })),
};

/** The chaos settings: the `--config` file, `PUT /__mock/chaos` and what the admin API reports. */
export const ChaosSettingsSchema = Type.Object(
  {
    ...routeChaos,
    rateLimit: Type.Optional(
      Type.Union([Type.String({ pattern: '^\\s*\\d+/\\d+(ms|s|m|h)\\s*$' }), Type.Null()], {
        description: '<n>/<window>, e.g. 10/1s',
      }),
    ),
    chaosSeed: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2 ** 32 - 1 }), Type.Null()])),
    hangMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
    routes: Type.Optional(
      Type.Record(
        Type.String({ description: '"GET <path>", e.g. "GET /pools/:address"' }),
        Type.Object(routeChaos, { additionalProperties: false }),
      ),
    ),
  },
  { additionalProperties: false, description: 'Chaos settings (see the README)' },
);

/** An entry of the request journal (`GET /__mock/requests`). */
export const JournalEntrySchema = Type.Object({
  seq: Type.Integer(),
  at: Type.Number({ description: 'ms since the server started' }),
  method: Type.String(),
  url: Type.String(),
  client: Type.String(),
  status: Type.Integer(),
  durationMs: Type.Number(),
  delayMs: Type.Number(),
  fault: Type.Union([Type.Integer(), Type.String(), Type.Null()], {
    description: 'A status, reset, hang, truncate, rate_limited, or null',
  }),
  ignored: Type.Array(Type.String(), { description: 'Query parameters the API ignored, as sent (docs/api.md §1.7)' }),
});

// The market's own bodies (docs/market-moves.md §3): its state, and the changes made by hand.

/** A decimal above 0, as a string: a JSON number is refused, as a market file refuses one. */
const positive = (description: string) => Type.String({ pattern: '^\\d+(\\.\\d+)?$', description });

/** A change made by hand, as `GET /__mock/market` lists it. */
export const MarketChangeSchema = Type.Object({
  step: Type.Integer({ minimum: 0, description: 'The step it was made at' }),
  kind: StringEnum(['token', 'pool', 'add-pool', 'remove-pool'] as const, 'What it changed'),
  address: Type.String({ description: "The token's mint or the pool's address" }),
  set: Type.Object({}, { description: 'What it set, as given' }),
});

/** What `GET /__mock/market` answers, and every change of the market. */
export const MarketInfoSchema = Type.Object({
  step: Type.Integer({ minimum: 0, description: 'Five-minute steps since the snapshot; 0 is the snapshot as stored' }),
  asOf: Type.String({ format: 'date-time', description: "The snapshot's asOf plus five minutes a step" }),
  movesEveryMs: Type.Union([Type.Integer({ minimum: 100 }), Type.Null()], {
    description: 'How often the market takes a step by itself (--market-moves); null when it waits to be told',
  }),
  changedPools: Type.Integer({ minimum: 0, description: "Pools whose figures differ from the snapshot's" }),
  changedTokens: Type.Integer({
    minimum: 0,
    description: "Tokens whose price or 24h volume differ from the snapshot's",
  }),
  changes: Type.Array(MarketChangeSchema, { description: 'The changes made by hand since the snapshot, oldest first' }),
});

/** The body of `POST /__mock/market/advance`; without one, a step. */
export const AdvanceSchema = Type.Object(
  { steps: Type.Optional(Type.Integer({ minimum: 1, maximum: 8640, description: 'Five-minute steps; default 1' })) },
  { additionalProperties: false },
);

/** The body of `PATCH /__mock/market/tokens/{mint}`. */
export const TokenChangeSchema = Type.Object(
  { priceUsdc: positive('The USD price; every pool of the token, and every pool its rewards pay, follows') },
  { additionalProperties: false },
);

/** The body of `PATCH /__mock/market/pools/{address}`: any of these, at least one. */
export const PoolChangeSchema = Type.Object(
  {
    price: Type.Optional(positive('Token B per token A')),
    tvlUsdc: Type.Optional(positive("USD held: every position's liquidity scaled by one factor")),
    stats: Type.Optional(
      Type.Partial(
        Type.Object(
          Object.fromEntries(
            PERIOD_NAMES.map((p) => [
              p,
              Type.Object({ volume: positive('USD traded') }, { additionalProperties: false }),
            ]),
          ),
        ),
        { additionalProperties: false, description: 'Volumes by period; the others kept nested around them' },
      ),
    ),
    hasWarning: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The answer of `POST /__mock/market/pools`: where the pool is served, and the market then. */
export const AddedPoolSchema = Type.Object({
  address: Type.String({ description: 'The address the whirlpool program derives for it' }),
  market: MarketInfoSchema,
});

/** The body of `PUT /__mock/market/clock`: the interval between the steps the market takes by itself, or null. */
export const ClockSchema = Type.Object(
  {
    everyMs: Type.Union([Type.Integer({ minimum: MIN_MOVES_EVERY_MS, maximum: MAX_MOVES_EVERY_MS }), Type.Null()], {
      description: 'Milliseconds between steps, as --market-moves takes them; null stops the clock',
    }),
  },
  { additionalProperties: false },
);
