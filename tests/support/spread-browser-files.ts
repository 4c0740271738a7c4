import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (longest first, from the last run's times), with the browser files spread
 * through it instead of gathered at the end: a browser file leaves part of the two cores idle
 * while it waits on Chromium and its server, and a node file beside it fills them.
 * The longest browser file goes first, the others at even intervals among the node files.
 */
export class SpreadBrowserFiles extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((file) => file.project.name === "e2e");
    const rest = sorted.filter((file) => file.project.name !== "e2e");
    if (browser.length === 0 || rest.length === 0) return sorted;
    const every = Math.max(1, Math.floor(rest.length / browser.length));
    const out: TestSpecification[] = [];
    browser.forEach((file, i) => {
      out.push(file, ...rest.slice(i * every, i === browser.length - 1 ? rest.length : (i + 1) * every));
    });
    return out;
  }
}
