import type { MarketFigures } from './market-figures.js';
import type { MarketCheck, MarketReport } from './market-report.js';

/** Two significant digits, never in exponent notation: 37, 1.7, 230, 0.58. */
function short(value: number): string {
  return value === 0 ? '0' : String(Number(value.toPrecision(2)));
}

const millions = (usd: number): string => `${short(usd / 1e6)} M`;

function kinds(f: MarketFigures): string {
  const entries = Object.entries(f.kinds).sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb));
  if (entries.length === 1) return `all ${entries[0]![0]}`;
  return entries.map(([kind, pools]) => `${pools} ${kind}`).join(', ');
}

/** `SOL/USDC ×4, 3 more pairs ×2`: the first pair by name, the others counted by their number of pools. */
function repeated(f: MarketFigures): string {
  const [first, ...rest] = f.repeatedPairs;
  if (!first) return 'none';
  const parts = [`${first.pair} ×${first.pools}`];
  for (const pools of new Set(rest.map((r) => r.pools))) {
    const n = rest.filter((r) => r.pools === pools).length;
    parts.push(`${n} more pair${n === 1 ? '' : 's'} ×${pools}`);
  }
  return parts.join(', ');
}

interface Row {
  label: string;
  text: (f: MarketFigures) => string;
  /** The checks shown in the row's target column. */
  checks?: MarketCheck['row'];
}

const ROWS: readonly Row[] = [
  { label: 'first pairs', text: (f) => f.firstPairs.join(', ') },
  {
    label: 'pools with SOL, a stablecoin, a BTC, ETH or a SOL staking token on one side',
    text: (f) => String(f.withMajor),
    checks: 'withMajor',
  },
  {
    label: 'tick spacings',
    text: (f) => `${f.dominantTickSpacings.join(', ')} dominate (${f.narrowTickSpacings} of ${f.pools} ≤ 16)`,
    checks: 'tickSpacings',
  },
  { label: 'pool kinds', text: kinds },
  {
    label: 'largest TVL / median / sum',
    text: (f) => [f.tvl.largest, f.tvl.median, f.tvl.sum].map(millions).join(' / '),
    checks: 'tvl',
  },
  {
    label: '24h volume ÷ TVL, p10 / median / p90',
    text: (f) => [f.turnover.p10, f.turnover.median, f.turnover.p90].map(short).join(' / '),
    checks: 'turnover',
  },
  { label: 'same pair in several fee tiers', text: repeated },
  {
    label: 'active rewards / adaptive fee / locked / warning',
    text: (f) => [f.flags.activeRewards, f.flags.adaptiveFee, f.flags.locked, f.flags.warning].join(' / '),
  },
];

/**
 * The calibration table as Markdown: each figure of the live market beside the snapshot's, and the
 * targets of issue 15 with ✓ (met) or ✗.
 * @example marketTable(marketReport(db)).split('\n')[0] // '| top 50 pools by 24h volume | live | generated | target |'
 */
export function marketTable(report: MarketReport): string {
  const lines = [
    `| top ${report.generated.pools} pools by 24h volume | live | generated | target |`,
    '|---|---|---|---|',
  ];
  for (const row of ROWS) {
    const target = report.checks
      .filter((c) => c.row === row.checks)
      .map((c) => `${c.ok ? '✓' : '✗'} ${c.what}`)
      .join(', ');
    lines.push(`| ${row.label} | ${row.text(report.live)} | ${row.text(report.generated)} | ${target} |`);
  }
  return lines.join('\n');
}
