// Portuguese answers of the help centre about AI quant plans and the weighted score, translated
// from ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const ptHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "O que é a negociação quantitativa com IA?",
    summary:
      "Planos que negoceiam segundo regras escritas e publicadas, com parâmetros escolhidos por uma pesquisa testada em dados que não usou. Ninguém promete o que um plano vai ganhar.",
    body: [
      "<p>Na Quanta, a negociação quantitativa com IA são os <strong>planos quantitativos de IA</strong>: coloca um montante num plano e a estratégia do plano negoceia-o no mercado em tempo real durante a duração do plano, aos mesmos preços e taxas das ordens spot. O que o plano ganhou ou perdeu é registado quando termina.</p>",
      "<h2>O que é a «IA»</h2>",
      "<p>A «IA» é uma pesquisa de parâmetros com validação walk-forward, e chamamos-lhe isso: o laboratório experimenta uma grelha limitada de conjuntos de parâmetros de uma estratégia numa janela de velas passadas e testa o melhor conjunto na janela seguinte, que não viu. Não existe nenhum modelo que preveja preços, e ninguém coloca à mão as negociações de um plano.</p>",
      "<h2>As estratégias</h2>",
      "<ul>",
      "<li><strong>Seguimento de tendência</strong> mantém a moeda enquanto uma média móvel rápida está acima de uma lenta. Perde em mercados laterais agitados e em quedas súbitas.</li>",
      "<li><strong>Reversão à média</strong> compra quando o preço cai abaixo da sua banda de Bollinger inferior e vende na média. Perde quando um recuo se transforma numa queda.</li>",
      "<li><strong>Grelha</strong> compra uma unidade sempre que o preço desce um degrau e vende-a um degrau acima. Perde quando o preço sai da grelha.</li>",
      "</ul>",
      "<h2>O que vê</h2>",
      "<ul>",
      "<li>Cada plano mostra o seu backtest de 30 dias mais recente, depois de executado, com os seus pressupostos (taxa, slippage, execução na abertura da vela seguinte), nunca um retorno prometido.</li>",
      "<li>Cada plano tem um limite de lucro, um limite de perda e uma data de entrega; termina e vende quando o primeiro é atingido.</li>",
      "<li>Cada negociação indica o tick de mercado registado que usou.</li>",
      "</ul>",
      '<p>A Quanta (a casa) é a contraparte: paga o ganho de um plano e fica com a sua perda. Alguns planos usam alavancagem, que multiplica as perdas tal como os ganhos. Pode perder até todo o montante que coloca num plano; veja <a href="/data/detail?id=is-profit-guaranteed">O lucro é garantido?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "Quais são as vantagens da negociação quantitativa com IA?",
    summary:
      "Regras em vez de impulsos, testadas em dados passados, limites definidos à partida e cada negociação verificável. Não elimina o risco.",
    body: [
      "<p>Um plano segue regras escritas. Face à negociação à mão isso traz vantagens reais, e tem limites que deve conhecer.</p>",
      "<h2>Vantagens</h2>",
      "<ul>",
      "<li><strong>Disciplina.</strong> A estratégia age em cada vela de um minuto fechada com a mesma regra, de dia e de noite, sem medo nem ganância.</li>",
      "<li><strong>Testada antes de usar.</strong> Pode executar backtests e otimizações walk-forward no laboratório sobre o mercado registado, e cada plano mostra o seu backtest de 30 dias mais recente com os seus pressupostos.</li>",
      "<li><strong>Limites definidos à partida.</strong> Cada plano tem um limite de lucro, um limite de perda e uma data de entrega. O seu montante fica congelado enquanto corre, e o que ganhou ou perdeu é registado no fim.</li>",
      "<li><strong>Verificável.</strong> Cada negociação indica o tick de mercado registado e encadeado por hash que usou, para que qualquer pessoa a possa recalcular.</li>",
      "</ul>",
      "<h2>Limites</h2>",
      "<ul>",
      "<li>Um backtest não é uma previsão. Os mercados mudam, e uma estratégia que correu bem em dados passados pode perder.</li>",
      "<li>Pagam-se taxas em cada negociação, ganhe ou perca.</li>",
      '<li>Cada estratégia tem mercados em que perde; <a href="/data/detail?id=what-is-ai-quant-trading">O que é a negociação quantitativa com IA?</a> indica-os.</li>',
      "</ul>",
      "<p>Nenhum plano garante lucro. Coloque apenas dinheiro que pode dar-se ao luxo de perder.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("pt", {
    title: "O que é a pontuação ponderada?",
    summary:
      "Uma pontuação de 0 a 1.000 baseada nos seus depósitos, nos seus dias de negociação e nos seus backtests. Com a verificação de identidade define o seu nível de crédito e a quota de planos.",
    intro: [
      "A pontuação ponderada mede como usa a Quanta: o seu <strong>limite total</strong> (o que depositou), os seus <strong>hábitos de utilização</strong> (com que frequência negoceia) e a sua <strong>contribuição para o treino de modelos</strong> (os backtests que executa). Juntamente com a verificação de identidade define o seu nível de crédito, e o nível de crédito define a que planos quantitativos de IA pode aderir e quanto pode deter neles. É o critério básico para se tornar investidor na Quanta.",
    ],
    formulaHeading: "Como é calculada",
    totalLimit: (weight, full) =>
      `<strong>Limite total</strong> = ${weight} × min(1, depósitos creditados ÷ ${full} USDT). Conta cada depósito creditado na sua conta; os fundos de demonstração não contam, e os levantamentos não o reduzem.`,
    usageHabits: (weight, window) =>
      `<strong>Hábitos de utilização</strong> = ${weight} × dias com uma negociação entre os últimos ${window} ÷ ${window}. Um dia (UTC) conta quando teve uma execução spot, comprou uma opção, abriu ou fechou uma posição de contrato ou iniciou um plano; sai da janela ${window} dias depois.`,
    contribution: (weight, full) =>
      `<strong>Contribuição para o treino de modelos</strong> = ${weight} × min(1, (backtests executados + estratégias partilhadas) ÷ ${full}). Contam os seus backtests e otimizações concluídos no laboratório; a partilha de estratégias ainda não é oferecida, por isso essa parte é 0.`,
    sum: (max) =>
      `Cada termo é arredondado para baixo a um ponto inteiro, e a pontuação é a sua soma, de 0 a ${max}. É recalculada todos os dias e pouco depois de um depósito, uma negociação ou um backtest concluído.`,
    levelsHeading: "Níveis de crédito",
    levelUnverified: (level, quota) =>
      `<strong>Nível ${level}</strong>: identidade não verificada. Quota de planos ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Nível ${level}</strong>: identidade verificada. Quota de planos ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Nível ${level}</strong>: identidade verificada e uma pontuação de pelo menos ${minScore}. Quota de planos ${quota} USDT.`,
    outro: [
      "A quota de planos é o máximo que pode deter ao mesmo tempo em planos em curso. Uma pontuação sozinha nunca eleva uma conta sem verificação de identidade acima do primeiro nível.",
      'A sua pontuação, cada termo com o que foi contado e o que o seu próximo nível exige estão em <a href="/my">Ativos</a>. A pontuação não promete retornos nem concede crédito: a Quanta não oferece empréstimos.',
    ],
  }),
};
