/**
 * The statistics of an experiment's results (docs/analytics.md, "Experiments"), pure: the API
 * counts per arm, this turns the counts into rates, intervals, the chance to be best, the
 * lift over the holdout and the sample-ratio check. jstat provides the Beta sampler and the
 * chi-square distribution.
 */
import { jStat } from "./jstat";
import { hash32, seededRandom } from "./assign";
import { CHANCE_DRAWS, SRM_P_VALUE, WINNER_CHANCE, Z_95 } from "./constants";

/** A proportion with its 95 % interval. */
export interface Rate {
  value: number;
  low: number;
  high: number;
}

/**
 * Wilson's score interval for `successes` of `trials` (95 %): unlike the textbook
 * p ± 1.96·√(p(1−p)/n) it stays inside [0, 1] and keeps its coverage for small counts and
 * rates near 0, which conversion rates are. `{0, 0, 0}` without trials.
 */
export function wilson(successes: number, trials: number, z = Z_95): Rate {
  if (trials <= 0) return { value: 0, low: 0, high: 0 };
  const p = Math.min(1, Math.max(0, successes / trials));
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { value: p, low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

/**
 * A mean per visitor with its 95 % interval from the normal approximation (the central limit
 * theorem): mean ± 1.96 · s/√n with s the sample standard deviation over all visitors, those
 * who bought nothing counted as 0. Revenue per visitor is mostly zeros with a long tail; at an
 * experiment's sample sizes (hundreds of visitors and more) the mean is close to normal, and
 * the interval needs only three sums per arm (n, Σx, Σx²) where a bootstrap would need every
 * visitor's revenue. The low end is cut at 0 (revenue is never negative); with fewer than
 * two visitors there is no spread to measure and the interval is the mean itself.
 */
export function meanInterval(sum: number, sumOfSquares: number, n: number, z = Z_95): Rate {
  if (n <= 0) return { value: 0, low: 0, high: 0 };
  const mean = sum / n;
  if (n < 2) return { value: mean, low: mean, high: mean };
  const variance = Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
  const margin = z * Math.sqrt(variance / n);
  return { value: mean, low: Math.max(0, mean - margin), high: mean + margin };
}

/**
 * The difference of two proportions a − b with Newcombe's hybrid score interval (method 10),
 * built from the two Wilson intervals: it behaves where the Wald interval of a difference
 * does not (small counts, rates near 0), and agrees with the intervals shown per arm.
 */
export function rateDifference(a: { s: number; n: number }, b: { s: number; n: number }): Rate {
  const ra = wilson(a.s, a.n);
  const rb = wilson(b.s, b.n);
  const d = ra.value - rb.value;
  if (a.n <= 0 || b.n <= 0) return { value: d, low: d, high: d };
  return {
    value: d,
    low: d - Math.sqrt((ra.value - ra.low) ** 2 + (rb.high - rb.value) ** 2),
    high: d + Math.sqrt((ra.high - ra.value) ** 2 + (rb.value - rb.low) ** 2),
  };
}

/**
 * The chance that each arm has the highest conversion rate, from Beta-Binomial posteriors
 * (a uniform Beta(1, 1) prior: each arm's rate is Beta(1 + conversions, 1 + visitors −
 * conversions)) by Monte Carlo: `draws` joint draws, counting how often each arm's draw is the
 * highest. There is a closed form for two arms but not for more, and sampling handles any
 * number alike; the generator is seeded (by `seed`), so the same counts always give the same
 * figures. With 20,000 draws the error of a chance is at most ±0.7 percentage points (95 %).
 */
export function chanceToBeBest(
  arms: readonly { conversions: number; visitors: number }[],
  seed: number,
  draws = CHANCE_DRAWS,
): number[] {
  if (arms.length === 0) return [];
  if (arms.length === 1) return [1];
  const wins = arms.map(() => 0);
  const random = seededRandom(seed);
  jStat.setRandom(random);
  try {
    for (let i = 0; i < draws; i++) {
      let best = 0;
      let bestValue = -1;
      arms.forEach((arm, index) => {
        const failures = Math.max(0, arm.visitors - arm.conversions);
        const value = jStat.beta.sample(1 + arm.conversions, 1 + failures);
        if (value > bestValue) {
          bestValue = value;
          best = index;
        }
      });
      wins[best]!++;
    }
  } finally {
    jStat.setRandom(Math.random);
  }
  return wins.map((count) => count / draws);
}

export interface SampleRatio {
  /** The chi-square statistic of observed against expected visitors per arm. */
  chiSquare: number;
  pValue: number;
  /** p < 0.001: the split differs from the one set; the results should not be trusted. */
  mismatch: boolean;
}

/**
 * The sample-ratio-mismatch check: Pearson's chi-square goodness-of-fit test of the visitors
 * per arm against the shares set (k − 1 degrees of freedom), flagged below p = 0.001 as is
 * usual (a stricter threshold than 0.05, since the check runs on every look at the results).
 * Null while any arm expects fewer than 5 visitors, where the test is not valid.
 */
export function sampleRatio(
  arms: readonly { visitors: number; share: number }[],
): SampleRatio | null {
  const used = arms.filter((arm) => arm.share > 0);
  const total = used.reduce((sum, arm) => sum + arm.visitors, 0);
  const shares = used.reduce((sum, arm) => sum + arm.share, 0);
  if (used.length < 2 || total === 0) return null;
  const expected = used.map((arm) => (total * arm.share) / shares);
  if (expected.some((e) => e < 5)) return null;
  const chiSquare = used.reduce(
    (sum, arm, i) => sum + (arm.visitors - expected[i]!) ** 2 / expected[i]!,
    0,
  );
  const pValue = Math.max(0, 1 - jStat.chisquare.cdf(chiSquare, used.length - 1));
  return { chiSquare, pValue, mismatch: pValue < SRM_P_VALUE };
}

/** What the API counts per arm (a variant or the holdout) of an experiment. */
export interface ArmCounts {
  id: string;
  /** The arm's share of the traffic in %. */
  share: number;
  holdout: boolean;
  /** Distinct visitors (visitor id, or session id without consent) with the arm's exposure or events. */
  visitors: number;
  /** Visitors who started the floow. */
  started: number;
  /** Visitors who reached the finish page. */
  completed: number;
  /** Visitors who followed a product. */
  clicked: number;
  /** Visitors with at least one order attributed to the arm. */
  converted: number;
  orders: number;
  /** Revenue of the arm's orders (order value, in the orders' currency as written). */
  revenue: number;
  /** Σ (revenue per visitor)² over the arm's converted visitors, for the interval of revenue per visitor. */
  revenueSquares: number;
}

export interface ArmResult extends ArmCounts {
  startRate: Rate;
  /** Completed of started. */
  completionRate: Rate;
  /** Visitors who clicked a product of all visitors. */
  clickThroughRate: Rate;
  conversionRate: Rate;
  revenuePerVisitor: Rate;
  /** The chance this variant has the highest conversion rate (null for the holdout). */
  chanceToBeBest: number | null;
  /** Conversion rate minus the first variant's (the control), percentage as a fraction; null for the control and the holdout. */
  liftOverControl: Rate | null;
}

export interface ExperimentStats {
  arms: ArmResult[];
  /** The variant whose chance to be best reaches 95 %, else null. */
  winner: string | null;
  /** The variant most likely best so far (null without visitors). */
  leader: string | null;
  /** The floow's conversion rate (all variants together) minus the holdout's; null without a holdout or its visitors. */
  holdoutLift: Rate | null;
  /** Revenue per visitor of the floow minus the holdout's; null likewise. */
  holdoutRevenueLift: number | null;
  sampleRatio: SampleRatio | null;
}

/** The results of an experiment from its counts per arm (variants first, in their order, then the holdout). */
export function experimentStats(
  experimentId: string,
  counts: readonly ArmCounts[],
): ExperimentStats {
  const variants = counts.filter((arm) => !arm.holdout);
  const holdout = counts.find((arm) => arm.holdout) ?? null;
  const anyVisitors = variants.some((arm) => arm.visitors > 0);
  const chances = anyVisitors
    ? chanceToBeBest(
        variants.map((arm) => ({ conversions: arm.converted, visitors: arm.visitors })),
        hash32(experimentId),
      )
    : variants.map(() => 1 / Math.max(1, variants.length));
  const control = variants[0];
  const arms = counts.map((arm): ArmResult => {
    const index = variants.indexOf(arm);
    return {
      ...arm,
      startRate: wilson(arm.started, arm.visitors),
      completionRate: wilson(arm.completed, arm.started),
      clickThroughRate: wilson(arm.clicked, arm.visitors),
      conversionRate: wilson(arm.converted, arm.visitors),
      revenuePerVisitor: meanInterval(arm.revenue, arm.revenueSquares, arm.visitors),
      chanceToBeBest: index >= 0 ? chances[index]! : null,
      liftOverControl:
        index > 0 && control
          ? rateDifference(
              { s: arm.converted, n: arm.visitors },
              { s: control.converted, n: control.visitors },
            )
          : null,
    };
  });
  let leader: string | null = null;
  if (anyVisitors) {
    const best = chances.indexOf(Math.max(...chances));
    leader = variants[best]?.id ?? null;
  }
  const winner =
    leader && chances[variants.findIndex((arm) => arm.id === leader)]! >= WINNER_CHANCE
      ? leader
      : null;
  const floow = variants.reduce(
    (sum, arm) => ({
      s: sum.s + arm.converted,
      n: sum.n + arm.visitors,
      revenue: sum.revenue + arm.revenue,
    }),
    { s: 0, n: 0, revenue: 0 },
  );
  const withHoldout = holdout && holdout.visitors > 0 && floow.n > 0;
  return {
    arms,
    winner,
    leader,
    holdoutLift: withHoldout
      ? rateDifference(floow, { s: holdout.converted, n: holdout.visitors })
      : null,
    holdoutRevenueLift: withHoldout
      ? floow.revenue / floow.n - holdout.revenue / holdout.visitors
      : null,
    sampleRatio: sampleRatio(counts),
  };
}
