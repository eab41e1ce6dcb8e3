import { say } from './answers.ts';
import type { ConversationState, ToolExchange } from './conversation.ts';
import { readCalculatorResult } from './observation.ts';
import type { Decision } from './planner.ts';
import type { DemoLanguage } from './text.ts';

// The scripted team dialogue of the offline demo (PRODUCT.md §8): the orchestrator delegates research to the
// researcher (who estimates with the calculator, offline) and the draft to the reviewer, then merges the answers.
// Each agent is recognised by the system prompt it receives on the wire, so the same stateless model plays every role.

import { TEAM_EXAMPLE } from './team-example.ts';

export { TEAM_EXAMPLE };

const TEAM_REQUEST = /\bresearch\b[\s\S]*\b(?:review(?:ed)?|check(?:ed)?)\b|调研[\s\S]*(?:审核|检查|审查)/iu;
const BOILING = /boil|沸点|沸腾/iu;
/** Highest altitude the demo estimates for (Everest); the 1 °C per 300 m rule is rough beyond it. */
const MAX_ALTITUDE = 8849;

/** The altitude in metres the text names ("3,000 m", "5000 metres", "海拔4500米"). */
export function readAltitude(text: string): number | undefined {
  // "at"/"altitude of"/海拔 first: a delegate's text also holds the rule's "per 300 m".
  const number = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?:m\b|meters?\b|metres?\b|米)`;
  const match =
    new RegExp(String.raw`(?:\bat|\baltitude of|\belevation of|海拔)\s*(?:an altitude of\s*)?${number}`, 'iu').exec(
      text,
    ) ?? new RegExp(String.raw`(?<!per\s*|每升高\s*|每\s*)${number}`, 'iu').exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1].replaceAll(',', ''));
}

function altitudeText(language: DemoLanguage, metres: number): string {
  return say(language, `${metres.toLocaleString('en-US')} m`, `${metres} 米`);
}

/** 100 − altitude/300, to one decimal: the rule of thumb the researcher applies. */
function estimate(metres: number): number {
  return Math.round((100 - metres / 300) * 10) / 10;
}

/** Says plainly what the team example can do when the altitude is missing or out of range. */
function needsAltitude(language: DemoLanguage): Decision {
  return answer(
    say(
      language,
      `The offline team example estimates the boiling point of water at an altitude you give in metres (0 to ${MAX_ALTITUDE.toLocaleString('en-US')} m), e.g. “${TEAM_EXAMPLE.en}”. It cannot research anything else offline.`,
      `离线团队示例只会估算给定海拔（0 到 ${MAX_ALTITUDE} 米，以米为单位）处水的沸点，例如“${TEAM_EXAMPLE.zh}”。离线状态下它调研不了别的。`,
    ),
    say(language, 'I need an altitude in metres.', '需要以米为单位的海拔。'),
  );
}

function usableAltitude(text: string): number | undefined {
  const metres = readAltitude(text);
  return metres !== undefined && metres >= 0 && metres <= MAX_ALTITUDE ? metres : undefined;
}

/** The role a system prompt gives the demo: a built-in delegate starts its prompt with "You are the <name>". */
function roleOf(systemText: string): 'researcher' | 'reviewer' | undefined {
  const start = systemText.trimStart();
  if (/^You are the researcher\b/u.test(start)) return 'researcher';
  if (/^You are the reviewer\b/u.test(start)) return 'reviewer';
  return undefined;
}

function answer(text: string, thought: string): Decision {
  return { kind: 'answer', text, thought };
}

function resultOf(state: ConversationState, name: string): ToolExchange | undefined {
  return state.exchanges.findLast((exchange) => exchange.name === name && exchange.observation);
}

/** The demo's move when the request is part of the team dialogue; undefined leaves it to the usual planner. */
export function planTeamMove(state: ConversationState): Decision | undefined {
  const role = roleOf(state.systemText);
  if (role === 'researcher') return researcherMove(state);
  if (role === 'reviewer') return reviewerMove(state);
  if (TEAM_REQUEST.test(state.userText) && BOILING.test(state.userText)) return orchestratorMove(state);
  return undefined;
}

function orchestratorMove(state: ConversationState): Decision {
  const { language } = state;
  if (!state.offered.has('delegate_researcher') || !state.offered.has('delegate_reviewer')) {
    return answer(
      say(
        language,
        'This is a job for the team: turn on **Delegate to agents** in **Agents** (with the researcher and reviewer enabled) and send it again — the researcher looks it up, the reviewer checks it, and you can watch both.',
        '这是团队的活：请在“智能体”中开启“委派给智能体”（并启用 researcher 和 reviewer），然后再发送一次——研究员负责调研，审核员负责检查，两者的过程你都能看到。',
      ),
      say(language, 'Delegation is off, so I cannot hand this to the team.', '委派没有开启，我没法把任务交给团队。'),
    );
  }
  const metres = usableAltitude(state.userText);
  if (metres === undefined) return needsAltitude(language);
  const where = altitudeText(language, metres);
  const research = resultOf(state, 'delegate_researcher');
  if (!research) {
    return {
      kind: 'call',
      calls: [
        {
          name: 'delegate_researcher',
          arguments: {
            task: say(
              language,
              `Find the boiling point of water at an altitude of ${where}.`,
              `调研海拔 ${where}处水的沸点。`,
            ),
            context: say(
              language,
              'No network: estimate it from the rule that the boiling point drops about 1 °C per 300 m.',
              '离线：按海拔每升高 300 米沸点约降低 1 °C 来估算。',
            ),
          },
        },
      ],
      thought: say(language, 'First I assign the research to the researcher.', '先把调研交给研究员。'),
    };
  }
  const draft = research.observation?.text ?? '';
  const review = resultOf(state, 'delegate_reviewer');
  if (!review) {
    return {
      kind: 'call',
      calls: [
        {
          name: 'delegate_reviewer',
          arguments: {
            task: say(
              language,
              `Review this answer about the boiling point of water at ${where}.`,
              `检查这份关于海拔 ${where}处水的沸点的回答。`,
            ),
            context: draft,
          },
        },
      ],
      thought: say(
        language,
        'The researcher has a draft; now the reviewer checks it.',
        '研究员给出了初稿，现在请审核员检查。',
      ),
    };
  }
  const verdict = review.observation?.text ?? '';
  const approved = /VERDICT:\s*approved/iu.test(verdict);
  return answer(
    mergedAnswer(language, { draft, verdict, approved, where, value: estimate(metres) }),
    say(language, 'Both agents are done: I merge their answers.', '两位都完成了，我来合并他们的结果。'),
  );
}

function mergedAnswer(
  language: DemoLanguage,
  team: { draft: string; verdict: string; approved: boolean; where: string; value: number },
): string {
  const { draft, verdict, approved, where, value } = team;
  const verdictLine =
    verdict
      .split('\n')
      .find((line) => /VERDICT/iu.test(line))
      ?.trim() ?? verdict.trim();
  return say(
    language,
    `**Water boils at about ${value} °C at ${where}.**\n\n- Researcher: ${draft}\n- Reviewer: ${verdictLine}\n\n${approved ? 'The reviewer approved the estimate, so this is the final answer.' : 'The reviewer asked for a revision; see the problems above.'}`,
    `**海拔 ${where}处，水大约在 ${value} °C 沸腾。**\n\n- 研究员：${draft}\n- 审核员：${verdictLine}\n\n${approved ? '审核员认可了这个估算，这就是最终答案。' : '审核员要求修改，问题见上。'}`,
  );
}

function researcherMove(state: ConversationState): Decision {
  const { language } = state;
  const metres = usableAltitude(state.userText);
  if (!BOILING.test(state.userText) || metres === undefined) {
    return answer(
      say(
        language,
        'Offline, the demo researcher only knows the boiling-point example.',
        '离线演示中的研究员只会沸点这个例子。',
      ),
      say(language, 'Nothing I can look up offline.', '离线状态下查不到。'),
    );
  }
  const calculation = resultOf(state, 'calculator');
  if (!calculation && state.offered.has('calculator')) {
    return {
      kind: 'call',
      calls: [{ name: 'calculator', arguments: { expression: `100 - ${metres}/300` } }],
      thought: say(
        language,
        `The boiling point drops about 1 °C per 300 m; I compute 100 − ${metres}/300.`,
        `沸点每升高 300 米约降低 1 °C，我来算 100 − ${metres}/300。`,
      ),
    };
  }
  const computed = calculation?.observation?.ok ? Number(readCalculatorResult(calculation.observation)) : Number.NaN;
  const value = Number.isFinite(computed) ? Math.round(computed * 10) / 10 : estimate(metres);
  const where = altitudeText(language, metres);
  return answer(
    say(
      language,
      `At ${where} water boils at about ${value} °C: the boiling point falls roughly 1 °C per 300 m of altitude (100 − ${metres}/300 ≈ ${value}). This is an offline estimate.`,
      `海拔 ${where}处水的沸点约为 ${value} °C：海拔每升高约 300 米，沸点下降约 1 °C（100 − ${metres}/300 ≈ ${value}）。这是离线估算。`,
    ),
    say(language, 'I have the estimate.', '估算完成。'),
  );
}

function reviewerMove(state: ConversationState): Decision {
  const { language } = state;
  const metres = usableAltitude(state.userText);
  if (metres === undefined) return needsAltitude(language);
  const expected = estimate(metres);
  const where = altitudeText(language, metres);
  // Plausible when the draft states a temperature within 2 °C of the rule's estimate (the "1 °C per 300 m" is not one).
  const stated = [...state.userText.matchAll(/(\d+(?:\.\d+)?)\s*°C/gu)].map((match) => Number(match[1]));
  if (stated.some((value) => value >= 50 && Math.abs(value - expected) <= 2)) {
    return answer(
      say(
        language,
        `The estimate of about ${expected} °C matches the usual rule (about 1 °C lower per 300 m) at ${where}; the method is stated.\nVERDICT: approved`,
        `约 ${expected} °C 的估算符合海拔 ${where}处的常用规律（每升高 300 米约降低 1 °C），方法也写明了。\nVERDICT: approved`,
      ),
      say(language, 'I check the numbers and the method.', '我检查数字和方法。'),
    );
  }
  return answer(
    say(
      language,
      `VERDICT: needs revision\n- The draft gives no plausible boiling point in °C for ${where} (about ${expected} °C by the rule); state the estimate and how it was made.`,
      `VERDICT: needs revision\n- 初稿没有给出 ${where}处合理的沸点（按规律约 ${expected} °C）；请写出估算值和估算方法。`,
    ),
    say(language, 'I check the numbers and the method.', '我检查数字和方法。'),
  );
}
