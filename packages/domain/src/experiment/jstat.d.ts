// jstat ships no types: the part of it the experiment statistics use.
declare module "jstat" {
  interface JStat {
    /** Replaces the uniform generator every sampler draws from (Math.random by default). */
    setRandom(fn: () => number): void;
    beta: { sample(alpha: number, beta: number): number };
    chisquare: { cdf(x: number, dof: number): number };
  }
  const jStat: JStat;
  export default jStat;
}
