// Korean answers of the help centre about AI quant plans and the weighted score, translated from
// ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const koHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "AI 퀀트 트레이딩이란 무엇인가요?",
    summary:
      "문서로 공개된 규칙에 따라 거래하는 플랜으로, 사용하지 않은 데이터로 검증하는 탐색이 파라미터를 고릅니다. 플랜의 수익을 약속하는 사람은 없습니다.",
    body: [
      "<p>Quanta에서 AI 퀀트 트레이딩은 <strong>AI 퀀트 플랜</strong>을 말합니다. 플랜에 금액을 넣으면 플랜의 전략이 플랜 기간 동안 실시간 시장에서 그 금액으로 거래하며, 가격과 수수료는 현물 주문과 같습니다. 플랜의 수익이나 손실은 종료 시 기록됩니다.</p>",
      "<h2>‘AI’란 무엇인가</h2>",
      "<p>‘AI’는 워크포워드 검증을 곁들인 파라미터 탐색이며, 우리는 그렇게 부릅니다. 연구실은 전략의 파라미터 조합을 제한된 격자로 과거 캔들의 한 구간에서 시험하고, 가장 좋은 조합을 아직 보지 않은 다음 구간에서 검증합니다. 가격을 예측하는 모델은 없으며, 플랜의 거래를 손으로 넣는 사람도 없습니다.</p>",
      "<h2>전략</h2>",
      "<ul>",
      "<li><strong>추세 추종</strong>은 빠른 이동평균이 느린 이동평균 위에 있는 동안 코인을 보유합니다. 방향 없이 출렁이는 장과 갑작스러운 폭락에서 손실이 납니다.</li>",
      "<li><strong>평균 회귀</strong>는 가격이 볼린저 밴드 하단 아래로 내려가면 사고 평균에서 팝니다. 일시적 하락이 추세적 하락으로 바뀌면 손실이 납니다.</li>",
      "<li><strong>그리드</strong>는 가격이 한 단계 내릴 때마다 한 단위를 사고 한 단계 위에서 팝니다. 가격이 그리드를 벗어나면 손실이 납니다.</li>",
      "</ul>",
      "<h2>보이는 정보</h2>",
      "<ul>",
      "<li>각 플랜은 실행된 경우 최신 30일 백테스트를 가정(수수료, 슬리피지, 다음 캔들 시가 체결)과 함께 보여 주며, 약속된 수익률은 보여 주지 않습니다.</li>",
      "<li>각 플랜에는 수익 한도, 손실 한도, 인도 시각이 있으며 먼저 도달한 때에 종료하고 매도합니다.</li>",
      "<li>모든 거래는 사용한 기록된 시장 틱을 밝힙니다.</li>",
      "</ul>",
      '<p>Quanta(하우스)가 거래 상대방입니다. 플랜의 이익을 지급하고 손실을 가져갑니다. 일부 플랜은 레버리지를 사용하며, 레버리지는 이익과 마찬가지로 손실도 키웁니다. 플랜에 넣은 금액 전부를 잃을 수 있습니다. <a href="/data/detail?id=is-profit-guaranteed">수익이 보장되나요?</a>를 참고하세요.</p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "AI 퀀트 트레이딩의 장점은 무엇인가요?",
    summary:
      "기분 대신 규칙, 과거 데이터로 검증, 미리 정한 한도, 그리고 모든 거래를 검증할 수 있다는 점입니다. 위험이 없어지지는 않습니다.",
    body: [
      "<p>플랜은 문서로 된 규칙을 따릅니다. 손으로 하는 거래에 비해 실제 장점이 있고, 알아 두어야 할 한계도 있습니다.</p>",
      "<h2>장점</h2>",
      "<ul>",
      "<li><strong>규율.</strong> 전략은 마감된 1분 캔들마다 같은 규칙으로, 밤낮없이, 두려움이나 탐욕 없이 움직입니다.</li>",
      "<li><strong>사용 전 검증.</strong> 연구실에서 기록된 시장으로 백테스트와 워크포워드 최적화를 실행할 수 있으며, 각 플랜은 최신 30일 백테스트를 가정과 함께 보여 줍니다.</li>",
      "<li><strong>미리 정한 한도.</strong> 각 플랜에는 수익 한도, 손실 한도, 인도 시각이 있습니다. 운용 중에는 금액이 동결되고, 수익이나 손실은 종료 시 기록됩니다.</li>",
      "<li><strong>검증 가능.</strong> 모든 거래는 사용한 기록된 해시 체인 시장 틱을 밝히므로 누구나 다시 계산할 수 있습니다.</li>",
      "</ul>",
      "<h2>한계</h2>",
      "<ul>",
      "<li>백테스트는 예측이 아닙니다. 시장은 변하며, 과거 데이터에서 좋았던 전략도 손실을 낼 수 있습니다.</li>",
      "<li>수수료는 이기든 지든 거래마다 냅니다.</li>",
      '<li>모든 전략에는 손실이 나는 시장이 있습니다. <a href="/data/detail?id=what-is-ai-quant-trading">AI 퀀트 트레이딩이란 무엇인가요?</a>에서 설명합니다.</li>',
      "</ul>",
      "<p>수익을 보장하는 플랜은 없습니다. 잃어도 감당할 수 있는 돈만 넣으세요.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("ko", {
    title: "가중 점수란 무엇인가요?",
    summary:
      "입금, 거래일, 백테스트로 계산하는 0~1,000점의 점수입니다. 신원 인증과 함께 신용 등급과 플랜 한도를 정합니다.",
    intro: [
      "가중 점수는 Quanta를 어떻게 이용하는지를 측정합니다. <strong>총 한도</strong>(입금한 금액), <strong>이용 습관</strong>(거래 빈도), <strong>모델 학습 기여</strong>(실행한 백테스트)입니다. 신원 인증과 함께 신용 등급을 정하고, 신용 등급은 참여할 수 있는 AI 퀀트 플랜과 그 안에 보유할 수 있는 금액을 정합니다. Quanta에서 투자자가 되기 위한 기본 기준입니다.",
    ],
    formulaHeading: "계산 방법",
    totalLimit: (weight, full) =>
      `<strong>총 한도</strong> = ${weight} × min(1, 입금 완료액 ÷ ${full} USDT). 계정에 입금 처리된 모든 입금이 포함됩니다. 데모 자금은 포함되지 않으며, 출금해도 낮아지지 않습니다.`,
    usageHabits: (weight, window) =>
      `<strong>이용 습관</strong> = ${weight} × 최근 ${window}일 중 거래한 날 ÷ ${window}. 현물 체결, 옵션 구매, 계약 포지션 개설 또는 청산, 플랜 시작이 있었던 날(UTC)이 포함되며, ${window}일 뒤 기간에서 빠집니다.`,
    contribution: (weight, full) =>
      `<strong>모델 학습 기여</strong> = ${weight} × min(1, (실행한 백테스트 + 공유한 전략) ÷ ${full}). 연구실에서 완료한 백테스트와 최적화가 포함됩니다. 전략 공유는 아직 제공되지 않으므로 그 부분은 0입니다.`,
    sum: (max) =>
      `각 항목은 정수 점으로 내림하며, 점수는 그 합으로 0부터 ${max}까지입니다. 매일, 그리고 입금·거래·백테스트 완료 직후에 다시 계산됩니다.`,
    levelsHeading: "신용 등급",
    levelUnverified: (level, quota) =>
      `<strong>${level}등급</strong>: 신원 미인증. 플랜 한도 ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>${level}등급</strong>: 신원 인증 완료. 플랜 한도 ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>${level}등급</strong>: 신원 인증 완료, 점수 ${minScore}점 이상. 플랜 한도 ${quota} USDT.`,
    outro: [
      "플랜 한도는 운용 중인 플랜에 동시에 보유할 수 있는 최대 금액입니다. 신원 인증이 없는 계정은 점수만으로 첫 등급보다 올라가지 않습니다.",
      '내 점수, 각 항목과 그 계산 근거, 다음 등급에 필요한 것은 <a href="/my">자산</a>에 있습니다. 점수는 수익을 약속하지 않으며 신용을 제공하지 않습니다. Quanta는 대출을 제공하지 않습니다.',
    ],
  }),
};
