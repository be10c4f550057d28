import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which a run starts its files: the Chromium suites first, then the other node files,
 * then the jsdom files (each group in vitest's own order: the longest last time, else the largest).
 * The Chromium suites are the longest and spend most of their time waiting on Chromium, so started
 * first they overlap the CPU-bound jsdom files instead of running alone at the end of the run.
 */
export default class ChromiumFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) =>
      /[\\/]tests[\\/]browser[\\/]/.test(spec.moduleId) ? 0 : spec.project.name === 'node' ? 1 : 2;
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
