import type { Scenario } from './scenarios.ts';

/**
 * Sends the scenario's request once, from this process, and checks the answer before any load is
 * put on it. Returns what the check saw.
 */
export async function verifyScenario(scenario: Scenario, baseUrl: string, token: string): Promise<string> {
  const response = await fetch(baseUrl + scenario.path, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) {
    throw new Error(
      `${scenario.name}: GET ${scenario.path} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  try {
    return scenario.check(JSON.parse(text));
  } catch (error) {
    throw new Error(
      `${scenario.name}: GET ${scenario.path} gave an implausible answer: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
