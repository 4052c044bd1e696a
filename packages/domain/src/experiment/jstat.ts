// jstat ships no types: the part of it the experiment statistics use, typed here once (a
// module rather than a global declaration, so every package compiling this source sees it).
// @ts-expect-error TS7016: no declaration file for "jstat".
import untyped from "jstat";

interface JStat {
  /** Replaces the uniform generator every sampler draws from (Math.random by default). */
  setRandom(fn: () => number): void;
  beta: { sample(alpha: number, beta: number): number };
  chisquare: { cdf(x: number, dof: number): number };
}

export const jStat = untyped as JStat;
