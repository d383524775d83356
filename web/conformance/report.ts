import type { Check, ConformanceContext, ConformanceMode } from './check.js';

/** One check's outcome. */
export interface CheckResult {
  title: string;
  passed: boolean;
  /** Why it failed. */
  reason?: string;
}

/** One rule's outcome: passed when every one of its checks passed. */
export interface RuleResult {
  id: string;
  passed: boolean;
  checks: CheckResult[];
}

/** What the kit reports, in the page and as JSON (`window.todayConformance`). */
export interface ConformanceReport {
  /** The SDK release the kit belongs to. */
  kit: string;
  mode: ConformanceMode;
  platform: string;
  /** The host as discovery told it (D1). */
  host: { name?: string; version?: string; protocol: number };
  rules: RuleResult[];
  passed: number;
  failed: number;
}

/** Runs `checks` one after the other, those that apply to the context's mode and `platform`. */
export async function runChecks(checks: readonly Check[], context: ConformanceContext, platform: string): Promise<Map<string, CheckResult[]>> {
  const byRule = new Map<string, CheckResult[]>();
  for (const check of checks) {
    if (check.modes && !check.modes.includes(context.mode)) continue;
    if (check.platforms && !check.platforms.includes(platform)) continue;
    let result: CheckResult;
    try {
      await check.run(context);
      result = { title: check.title, passed: true };
    } catch (error) {
      result = { title: check.title, passed: false, reason: String((error as Error)?.message ?? error) };
    }
    byRule.set(check.rule, [...(byRule.get(check.rule) ?? []), result]);
  }
  return byRule;
}

/** The results by rule, in the order the rules were first checked, counted. */
export function summarize(byRule: Map<string, CheckResult[]>): Pick<ConformanceReport, 'rules' | 'passed' | 'failed'> {
  const rules = [...byRule].map(([id, checks]) => ({ id, passed: checks.every((check) => check.passed), checks }));
  const passed = rules.filter((rule) => rule.passed).length;
  return { rules, passed, failed: rules.length - passed };
}
