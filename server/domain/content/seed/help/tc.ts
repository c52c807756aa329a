// Traditional Chinese answers of the help centre about AI quant plans and the weighted score,
// translated from ./en.ts: same ids, links, HTML tags and meaning; numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const tcHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "什麼是 AI 量化交易？",
    summary:
      "依照書面公開規則交易的方案，參數由一種搜尋選出，並以它未使用的資料檢驗。沒有人承諾方案會賺多少。",
    body: [
      "<p>在 Quanta，AI 量化交易指的是 <strong>AI 量化方案</strong>：您將一筆金額放入方案，方案的策略在方案期間於即時市場中運用這筆金額交易，價格與手續費與現貨訂單相同。方案的盈虧在結束時入帳。</p>",
      "<h2>「AI」是什麼</h2>",
      "<p>「AI」是帶有前進式驗證的參數搜尋，我們也如此稱呼它：實驗室在過去 K 線的一個區間上試驗策略的有限參數網格，再用它未見過的下一個區間檢驗最佳的一組。沒有任何預測價格的模型，也沒有人手動下方案的交易。</p>",
      "<h2>策略</h2>",
      "<ul>",
      "<li><strong>趨勢跟隨</strong>在快速移動平均高於慢速移動平均時持有幣。在無方向的震盪行情與突然崩跌時會虧損。</li>",
      "<li><strong>均值回歸</strong>在價格跌破布林通道下軌時買入，回到均線時賣出。回檔變成下跌時會虧損。</li>",
      "<li><strong>網格</strong>在價格每下跌一格時買入一單位，並在高一格時賣出。價格離開網格時會虧損。</li>",
      "</ul>",
      "<h2>您會看到什麼</h2>",
      "<ul>",
      "<li>每個方案在執行過後會顯示最新的 30 天回測及其假設（手續費、滑價、於下一根 K 線開盤價成交），絕不顯示承諾的報酬。</li>",
      "<li>每個方案都有獲利上限、虧損上限與交割時間；先到達其中之一時即結束並賣出。</li>",
      "<li>每筆交易都會註明它所使用的已記錄市場跳動。</li>",
      "</ul>",
      '<p>Quanta（莊家）是交易對手：它支付方案的獲利並收下方案的虧損。部分方案使用槓桿，槓桿會放大獲利，也會放大虧損。您可能損失放入方案的全部金額；請參閱<a href="/data/detail?id=is-profit-guaranteed">獲利有保證嗎？</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "AI 量化交易有什麼優點？",
    summary: "以規則取代情緒、以過去資料檢驗、事先設定上限，且每筆交易都可查核。它不會消除風險。",
    body: [
      "<p>方案依照書面規則運作。與手動交易相比，這帶來真正的優點，也有您應該知道的限制。</p>",
      "<h2>優點</h2>",
      "<ul>",
      "<li><strong>紀律。</strong>策略在每根收盤的一分鐘 K 線上以相同規則行動，日夜不停，不受恐懼或貪婪影響。</li>",
      "<li><strong>使用前先檢驗。</strong>您可以在實驗室以已記錄的市場執行回測與前進式最佳化，每個方案也會顯示最新的 30 天回測及其假設。</li>",
      "<li><strong>事先設定上限。</strong>每個方案都有獲利上限、虧損上限與交割時間。運行期間您的金額會被凍結，盈虧在結束時入帳。</li>",
      "<li><strong>可查核。</strong>每筆交易都註明所使用、以雜湊串連的已記錄市場跳動，任何人都能重新計算。</li>",
      "</ul>",
      "<h2>限制</h2>",
      "<ul>",
      "<li>回測不是預測。市場會改變，在過去資料上表現良好的策略也可能虧損。</li>",
      "<li>每筆交易無論盈虧都要支付手續費。</li>",
      '<li>每種策略都有會虧損的行情；<a href="/data/detail?id=what-is-ai-quant-trading">什麼是 AI 量化交易？</a>有說明。</li>',
      "</ul>",
      "<p>沒有任何方案保證獲利。只投入您能承受損失的資金。</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("tc", {
    title: "什麼是加權分數？",
    summary:
      "由您的存款、交易天數與回測計算出的 0 至 1,000 分。與身分驗證一起決定您的信用等級與方案額度。",
    intro: [
      "加權分數衡量您如何使用 Quanta：您的<strong>總額度</strong>（您存入的金額）、<strong>使用習慣</strong>（您交易的頻率）以及<strong>對模型訓練的貢獻</strong>（您執行的回測）。它與身分驗證一起決定您的信用等級，而信用等級決定您可以加入哪些 AI 量化方案，以及可在其中持有多少。這是在 Quanta 成為投資人的基本標準。",
    ],
    formulaHeading: "計算方式",
    totalLimit: (weight, full) =>
      `<strong>總額度</strong> = ${weight} × min(1, 已入帳存款 ÷ ${full} USDT)。每筆存入您帳戶的存款都會計入；模擬資金不計入，提領也不會使它降低。`,
    usageHabits: (weight, window) =>
      `<strong>使用習慣</strong> = ${weight} × 最近 ${window} 天中有交易的天數 ÷ ${window}。有現貨成交、購買選擇權、開立或平倉合約部位或啟動方案的日子（UTC）會被計入，並在 ${window} 天後移出區間。`,
    contribution: (weight, full) =>
      `<strong>對模型訓練的貢獻</strong> = ${weight} × min(1, (執行的回測 + 分享的策略) ÷ ${full})。您在實驗室完成的回測與最佳化會計入；尚未提供策略分享，因此該部分為 0。`,
    sum: (max) =>
      `每一項都無條件捨去至整數分，分數為其總和，介於 0 至 ${max}。每天以及在存款、交易或回測完成後不久重新計算。`,
    levelsHeading: "信用等級",
    levelUnverified: (level, quota) =>
      `<strong>等級 ${level}</strong>：未完成身分驗證。方案額度 ${quota} USDT。`,
    levelVerified: (level, quota) =>
      `<strong>等級 ${level}</strong>：已完成身分驗證。方案額度 ${quota} USDT。`,
    levelScore: (level, minScore, quota) =>
      `<strong>等級 ${level}</strong>：已完成身分驗證且分數至少 ${minScore}。方案額度 ${quota} USDT。`,
    outro: [
      "方案額度是您同時可在運行中方案持有的上限。沒有身分驗證的帳戶，不會只因分數而升到第一個等級以上。",
      '您自己的分數、每一項及其計入內容，以及下一個等級所需的條件，都在<a href="/my">資產</a>中。分數不承諾報酬，也不提供信用：Quanta 不提供借貸。',
    ],
  }),
};
