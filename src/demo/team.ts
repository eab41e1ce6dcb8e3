import { say } from './answers.ts';
import type { ConversationState, ToolExchange } from './conversation.ts';
import { readCalculatorResult } from './observation.ts';
import type { Decision } from './planner.ts';
import type { DemoLanguage } from './text.ts';

// The scripted team dialogue of the offline demo (PRODUCT.md §8): the orchestrator delegates research to the
// researcher (who estimates with the calculator, offline) and the draft to the reviewer, then merges the answers.
// Each agent is recognised by the system prompt it receives on the wire, so the same stateless model plays every role.

export { TEAM_EXAMPLE } from './team-example.ts';

const TEAM_REQUEST = /\bresearch\b[\s\S]*\b(?:review(?:ed)?|check(?:ed)?)\b|调研[\s\S]*(?:审核|检查|审查)/iu;
const BOILING = /boil|沸点|沸腾/iu;
const ESTIMATE = '100 - 3000/300';

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
              'Find the boiling point of water at an altitude of 3,000 m.',
              '调研海拔 3000 米处水的沸点。',
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
              'Review this answer about the boiling point of water at 3,000 m.',
              '检查这份关于海拔 3000 米处水的沸点的回答。',
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
    mergedAnswer(language, draft, verdict, approved),
    say(language, 'Both agents are done: I merge their answers.', '两位都完成了，我来合并他们的结果。'),
  );
}

function mergedAnswer(language: DemoLanguage, draft: string, verdict: string, approved: boolean): string {
  const verdictLine =
    verdict
      .split('\n')
      .find((line) => /VERDICT/iu.test(line))
      ?.trim() ?? verdict.trim();
  return say(
    language,
    `**Water boils at about 90 °C at 3,000 m.**\n\n- Researcher: ${draft}\n- Reviewer: ${verdictLine}\n\n${approved ? 'The reviewer approved the estimate, so this is the final answer.' : 'The reviewer asked for a revision; see the problems above.'}`,
    `**海拔 3000 米处，水大约在 90 °C 沸腾。**\n\n- 研究员：${draft}\n- 审核员：${verdictLine}\n\n${approved ? '审核员认可了这个估算，这就是最终答案。' : '审核员要求修改，问题见上。'}`,
  );
}

function researcherMove(state: ConversationState): Decision {
  const { language } = state;
  if (!BOILING.test(state.userText)) {
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
      calls: [{ name: 'calculator', arguments: { expression: ESTIMATE } }],
      thought: say(
        language,
        'The boiling point drops about 1 °C per 300 m; I compute 100 − 3000/300.',
        '沸点每升高 300 米约降低 1 °C，我来算 100 − 3000/300。',
      ),
    };
  }
  const value = (calculation?.observation?.ok ? readCalculatorResult(calculation.observation) : undefined) ?? '90';
  return answer(
    say(
      language,
      `At 3,000 m water boils at about ${value} °C: the boiling point falls roughly 1 °C per 300 m of altitude (100 − 3000/300 = ${value}); the air pressure there is about 70 kPa. This is an offline estimate.`,
      `海拔 3000 米处水的沸点约为 ${value} °C：海拔每升高约 300 米，沸点下降约 1 °C（100 − 3000/300 = ${value}）；那里的气压约为 70 kPa。这是离线估算。`,
    ),
    say(language, 'I have the estimate.', '估算完成。'),
  );
}

function reviewerMove(state: ConversationState): Decision {
  const { language } = state;
  const plausible = /\b(?:8[5-9]|9[0-5])(?:\.\d+)?\s*°C/u.test(state.userText);
  if (plausible) {
    return answer(
      say(
        language,
        'The estimate of about 90 °C matches the usual rule (about 1 °C lower per 300 m) and the reduced air pressure at 3,000 m; the method is stated.\nVERDICT: approved',
        '约 90 °C 的估算符合常用规律（每升高 300 米约降低 1 °C），也与 3000 米处较低的气压一致，方法也写明了。\nVERDICT: approved',
      ),
      say(language, 'I check the numbers and the method.', '我检查数字和方法。'),
    );
  }
  return answer(
    say(
      language,
      'VERDICT: needs revision\n- The draft gives no boiling point in °C for 3,000 m; state the estimate and how it was made.',
      'VERDICT: needs revision\n- 初稿没有给出 3000 米处以 °C 表示的沸点；请写出估算值和估算方法。',
    ),
    say(language, 'I check the numbers and the method.', '我检查数字和方法。'),
  );
}
