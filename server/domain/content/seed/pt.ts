// Portuguese (neutral/Brazilian) content, translated from en.ts: same ids, links, numbers and
// HTML structure, same honest-money meaning (DESIGN §1: no promised returns, risks stated).
// One paragraph or list item per line, like en.ts.
import { ptDocuments } from "./documents/pt";
import { ptHelp } from "./help/pt";
import type { LangContent } from "./types";

export const pt: LangContent = {
  settings: {
    pitch: {
      title: "Trading que você pode conferir",
      subtitle:
        "Trading spot, trading de contratos alavancado e opções de alta/baixa no feed de mercado ao vivo, com cada saldo vindo de um livro-razão de partidas dobradas e cada resultado aberto à inspeção.",
      points: [
        {
          title: "Trading spot e de contratos",
          text: "Ordens spot a mercado e limitadas são executadas contra o livro de ordens ao vivo, e cada execução registra o livro e o tick que usou. Posições em contratos ficam compradas ou vendidas (long ou short) com alavancagem e margem isolada, com a Quanta (a casa) como contraparte aos preços do feed de mercado. A alavancagem multiplica as perdas, e uma liquidação perde toda a margem da posição.",
        },
        {
          title: "Opções de alta/baixa",
          text: "Você aposta se o preço estará mais alto ou mais baixo após um número fixo de segundos. Uma vitória paga seu valor investido mais o retorno indicado, uma derrota perde todo o valor investido e um empate devolve o valor investido; cada compra paga uma taxa. A Quanta (a casa) é a contraparte, aos preços registrados pelo feed de mercado.",
        },
        {
          title: "USDT entrando e saindo",
          text: "Depósitos em USDT (ERC20) são verificados na blockchain. Cada saque é aprovado ou recusado com um motivo informado, e nunca se pede uma taxa para liberá-lo.",
        },
        {
          title: "Verificável, sem retorno prometido",
          text: "Operações, posições em contratos e opções são liquidadas apenas com ticks de mercado registrados e encadeados por hash, e qualquer pessoa pode recalcular cada resultado; cada opção liquidada e cada liquidação, take-profit ou stop-loss tem Verificar no aplicativo. Você pode perder dinheiro, inclusive todo o valor investido ou toda a margem, e em média um palpite 50/50 numa opção perde dinheiro.",
        },
      ],
    },
    subscribe: {
      title: "Newsletter",
      text: "E-mails ocasionais sobre novidades do produto e mudanças em taxas ou termos. Sem spam, e nunca vendemos seu endereço. Para removê-lo, escreva ao suporte.",
    },
    footer: {
      operator:
        "Esta instância do Quanta é administrada pelo seu operador. No modo demo, nenhum fundo real é movimentado.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Fale com o suporte (endereço de exemplo)",
    "messaging-app": "Suporte no Matrix (endereço de exemplo)",
    "help-centre": "Central de ajuda",
    "community-guidelines": "Diretrizes da comunidade",
    "user-agreement": "Contrato do usuário",
    "privacy-policy": "Política de privacidade",
    "partner-ethereum": "Ethereum — rede de liquidação",
    "partner-tether": "Tether USDT (ERC20) — ativo de depósito",
    "partner-binance-data": "Dados públicos de mercado da Binance (feed de produção)",
    "partner-foundry": "Foundry anvil — rede demo",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "O lucro é garantido?",
      summary:
        "Não. Qualquer operação pode perder dinheiro, e preços passados não preveem os futuros.",
      body: [
        "<p><strong>Não.</strong> Nenhuma operação na Quanta garante lucro, e ninguém que trabalhe para a Quanta pode prometer um. Se alguém o fizer, trate isso como um sinal de alerta e denuncie ao suporte.</p>",
        "<h2>Por que você pode perder dinheiro</h2>",
        "<ul>",
        "<li><strong>Os mercados mudam.</strong> Padrões que uma estratégia aprendeu com dados passados podem deixar de funcionar sem aviso.</li>",
        "<li><strong>Tarifas.</strong> As tarifas são cobradas quer a operação ganhe, quer perca.</li>",
        "<li><strong>Alavancagem.</strong> A alavancagem multiplica as perdas tanto quanto os ganhos. Um movimento contra uma posição em contratos de 1/alavancagem menos a taxa de margem de manutenção a liquida: a 20× com uma margem de manutenção de 0,5 %, um movimento de cerca de 4,5 %. Uma liquidação perde toda a margem da posição.</li>",
        "<li><strong>Opções de alta/baixa.</strong> Uma vitória devolve o valor investido mais menos de 100 % dele, e cada compra paga uma taxa; por isso, em média, um palpite 50/50 perde dinheiro.</li>",
        "</ul>",
        "<p>Você pode perder todo o valor aplicado, e toda a margem de uma posição em contratos.</p>",
        "<h2>O que o Quanta promete</h2>",
        "<ul>",
        "<li>Os resultados vêm apenas de preços de mercado registrados, segundo regras publicadas. Ninguém pode escolher um ganho ou uma perda por você.</li>",
        "<li>As tarifas são mostradas antes de você confirmar.</li>",
        "<li>Um saque é aprovado ou recusado com um motivo informado, e nunca será pedido que você pague nada para liberá-lo.</li>",
        "</ul>",
        "<p>Opere apenas com dinheiro que você pode se dar ao luxo de perder.</p>",
      ].join("\n"),
    },

    ...ptDocuments,
    ...ptHelp,

    "welcome-to-quanta": {
      title: "Bem-vindo ao Quanta",
      summary:
        "Um app de trading em que você entra com sua própria carteira. Ele mantém um livro-razão de partidas dobradas e liquida cada operação com preços de mercado registrados.",
      body: [
        "<p>A Quanta é um aplicativo de trading em que você entra com sua própria carteira Ethereum. Oferece trading spot com ordens a mercado e limitadas e, onde esta instância os oferece, trading de contratos alavancado e opções de alta/baixa, com depósitos e saques em USDT (ERC20), em 11 idiomas. Instala-se como um aplicativo, continua funcionando offline e sempre mostra o quão atualizados estão seus dados.</p>",
        "<h2>Feito para ser verificado</h2>",
        "<p>Apps como este têm má reputação: saldos falsos, liquidações manipuladas, saques retidos. O Quanta foi construído para ser comprovadamente diferente.</p>",
        "<ul>",
        "<li><strong>Nenhum dinheiro surge do nada.</strong> Todo saldo é a soma dos lançamentos de um livro-razão de partidas dobradas, em que cada transação fecha em zero.</li>",
        "<li><strong>Nenhum resultado escolhido.</strong> As operações são liquidadas apenas com ticks de mercado registrados e encadeados por hash, segundo regras publicadas, e cada ordem liquidada mostra os ticks que usou.</li>",
        "<li><strong>Saques nunca ficam reféns.</strong> Cada solicitação é aprovada ou recusada com um motivo informado, e nenhuma tarifa, imposto ou depósito é jamais exigido para liberar fundos.</li>",
        "<li><strong>Textos verdadeiros.</strong> Avisos de risco onde se aplicam, nenhum retorno prometido e nenhuma promessa de produtos que ainda não existem.</li>",
        "</ul>",
        '<p>Negociar envolve riscos e você pode perder dinheiro. Comece pela <a href="/data?category=help">central de ajuda</a>. Se esta instância estiver no modo demo, você pode experimentar tudo primeiro com fundos demo.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "Como as liquidações são verificadas",
      summary:
        "Cada operação é liquidada com ticks de mercado registrados, encadeados por hash para cada ativo. Veja como recalcular um resultado e conferir a cadeia você mesmo.",
      body: [
        "<p>No Quanta, nenhuma pessoa decide se uma operação ganha ou perde. Cada liquidação é calculada a partir de <strong>ticks de mercado registrados</strong>, cada um com preço, horário e número de sequência, segundo uma regra publicada. Cada ordem liquidada mostra os ticks que usou.</p>",
        "<h2>A cadeia de ticks</h2>",
        "<p>Os ticks são encadeados por ativo, como os blocos de uma blockchain. Cada tick traz um hash: o SHA-256 do texto <em>hash anterior|número de sequência|preço|horário</em>, escrito em hexadecimal minúsculo. O primeiro tick de um ativo usa 64 zeros como hash anterior. Alterar qualquer tick registrado mudaria seu hash e todos os hashes posteriores.</p>",
        "<h2>Confira você mesmo</h2>",
        "<ol>",
        "<li>Leia o elo mais recente da cadeia de um ativo em <strong>/api/v1/market/ticks/head</strong> (por exemplo, com ?symbol=BTC/USDT) e guarde o hash.</li>",
        "<li>Leia os ticks próximos da sua ordem em <strong>/api/v1/market/ticks</strong>, com o ativo e um intervalo de tempo (from, to).</li>",
        "<li>Recalcule cada hash a partir do anterior, usando o preço e o horário exatamente como foram fornecidos. Cada um deve coincidir, e a cadeia deve levar ao hash de topo que você guardou.</li>",
        "</ol>",
        "<p>Se você guardar o hash de topo que viu, uma reescrita posterior de ticks anteriores não passa despercebida: a cadeia recalculada não levaria mais a ele.</p>",
        "<h2>Opções de alta/baixa</h2>",
        "<p>A entrada de uma opção é o primeiro tick registrado depois que a compra é aceita, e a saída, o último tick registrado até o vencimento. Verificar, em cada opção liquidada no aplicativo, confere a cadeia e recalcula o resultado; <strong>npm run verify -- options</strong> faz o mesmo pela linha de comando.</p>",
        "<h2>Posições em contratos</h2>",
        "<p>Uma posição em contratos é liquidada, ou fechada pelo seu take-profit ou stop-loss, apenas por um tick registrado depois do tick em que foi aberta, ao preço desse tick: decide o primeiro tick que atinge um dos seus níveis, e a posição fechada o indica. Verificar, numa posição assim no aplicativo, confere a cadeia do tick de abertura até esse tick, que nenhum tick intermediário atingiu um nível, e o resultado.</p>",
        "<p>Um take-profit ou stop-loss vale a partir do primeiro tick registrado depois de ser definido: a posição guarda o tick mais recente daquele momento, e Verificar confere a partir dali. O preço de liquidação nunca muda.</p>",
        "<p>Esses endereços são públicos e não exigem conta. Se um resultado não coincidir, fale com o suporte informando o id da ordem.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "O modo demo explicado",
      summary:
        "No modo demo, o mercado é simulado, a rede é uma rede de teste local e os saldos são fundos demo. Nada nele tem valor monetário.",
      body: [
        "<p>O Quanta funciona em um de dois modos. O modo demo é o padrão quando o software é iniciado em uma única máquina e serve para experimentar o produto sem risco.</p>",
        "<h2>O que muda no modo demo</h2>",
        "<ul>",
        "<li><strong>Mercado simulado.</strong> Os preços vêm de um simulador com volatilidade e livros de ofertas realistas, não de uma corretora real. Seus ticks são registrados e encadeados por hash como um feed real, então a liquidação funciona como em produção.</li>",
        "<li><strong>Rede de teste local.</strong> Depósitos e saques usam uma rede de desenvolvimento local (o anvil do Foundry) com um token USDT de teste sem valor. Uma faucet envia USDT de teste para sua carteira.</li>",
        "<li><strong>Fundos demo.</strong> Você pode adicionar fundos demo ao seu saldo. Eles aparecem no seu extrato como “Fundos demo”, para que nunca sejam confundidos com um depósito.</li>",
        "<li><strong>Carteira demo.</strong> Se você não tiver carteira, o app pode criar uma carteira demo cuja chave fica guardada no seu navegador. Use-a apenas no modo demo.</li>",
        "</ul>",
        "<p>Todas as telas ficam sinalizadas enquanto o modo demo está ativo.</p>",
        "<h2>O que continua igual</h2>",
        "<p>O livro-razão, as regras de liquidação, a exibição de tarifas e as regras de saque são o mesmo código da produção. Um resultado no modo demo é um resultado real dessas regras sobre preços simulados, mas preços simulados não são preços de mercado: ele não diz nada sobre o que você ganharia em produção.</p>",
        "<h2>O demo nunca vira produção</h2>",
        "<p>Os recursos demo existem apenas no modo demo. Um servidor em modo produção se recusa a iniciar com qualquer um deles ativado, e um banco de dados usado em um modo recusa um servidor do outro, então fundos demo nunca podem se tornar dinheiro real.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Nosso compromisso com os saques",
      summary:
        "Todo saque é aprovado ou recusado com um motivo informado. Nenhuma tarifa, imposto, depósito ou tarefa é jamais exigido para liberar seus fundos.",
      body: [
        "<p>Um golpe comum em apps de trading é o saque que nunca chega: o saldo parece normal até você tentar retirá-lo e, então, pedem que você pague um “imposto”, uma “taxa de desbloqueio” ou um “depósito”, ou que cumpra “tarefas” antes. O Quanta foi construído para que isso nunca possa acontecer.</p>",
        "<h2>O compromisso</h2>",
        "<ul>",
        "<li>Toda solicitação de saque é <strong>aprovada e enviada</strong> ou <strong>recusada com um motivo informado</strong>. Se for recusada, o valor volta ao seu saldo disponível.</li>",
        "<li>A única tarifa é a tarifa de saque mostrada <strong>antes</strong> de você confirmar, junto com os valores mínimo e máximo.</li>",
        "<li><strong>Nunca</strong> exigimos tarifa, imposto, depósito, volume de negociação ou tarefa para liberar seus fundos. O software não tem essa opção.</li>",
        "</ul>",
        "<h2>O que você pode ver</h2>",
        "<p>Cada saque mostra seu status (em análise, aprovado e em envio, concluído ou com falha), a tarifa, o endereço de destino e, após o envio, o hash da transação para consultar em um explorador de blocos. Enquanto um saque está em análise, o valor fica congelado no seu livro-razão; depois, ele é debitado ou devolvido, uma única vez.</p>",
        "<blockquote>Se alguém, inclusive alguém que diga ser do suporte do Quanta, pedir que você pague para liberar um saque, é golpe. Não pague e denuncie.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "De onde vêm nossos dados de mercado",
      summary:
        "Instâncias demo usam um simulador de mercado com semente; instâncias de produção usam o feed de uma corretora pública. Ambos são registrados e encadeados por hash.",
      body: [
        "<p>Todo preço que você vê e toda liquidação no Quanta vêm de um único feed de mercado por instância. Qual feed depende do modo.</p>",
        "<h2>Modo demo: um simulador</h2>",
        "<p>Um simulador com semente gera preços com volatilidade realista, profundidade de livro de ofertas e histórico preenchido retroativamente. Ele não está conectado a nenhum mercado real, e seus preços não são preços reais.</p>",
        "<h2>Modo produção: o feed de uma corretora pública</h2>",
        '<p>As instâncias de produção leem dados públicos de mercado de uma grande corretora, como os <a href="https://www.binance.com/en/binance-api">dados públicos de mercado da Binance</a>. O Quanta não é afiliado a essa corretora e não envia suas ordens para ela: o operador as executa contra o livro de ofertas do feed, segundo regras publicadas.</p>',
        "<h2>Registrado em qualquer caso</h2>",
        '<p>Seja qual for a fonte, cada tick é registrado com um número de sequência e encadeado por hash antes de ser usado, para que toda liquidação possa ser recalculada depois; veja <a href="/data/detail?id=how-settlements-are-verified">Como as liquidações são verificadas</a>. Quando o feed é interrompido, os preços são marcados como desatualizados e as ordens precificadas pelo mercado ficam suspensas até a chegada de dados novos.</p>',
      ].join("\n"),
    },
  },
};
