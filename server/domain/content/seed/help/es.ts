// Spanish answers of the help centre about AI quant plans and the weighted score, translated from
// ./en.ts: same ids, links, HTML tags and meaning; the score's numbers come from the protocol.
import type { HelpAnswers } from "../types";
import { weightedScoreArticle } from "./weighted-score-article";

export const esHelp: HelpAnswers = {
  "what-is-ai-quant-trading": {
    title: "¿Qué es el trading cuantitativo con IA?",
    summary:
      "Planes que operan con reglas escritas y publicadas, con parámetros elegidos por una búsqueda probada en datos que no usó. Nadie promete lo que ganará un plan.",
    body: [
      "<p>En Quanta, el trading cuantitativo con IA son los <strong>planes cuantitativos con IA</strong>: pones un importe en un plan y la estrategia del plan opera con él en el mercado en vivo durante la duración del plan, a los mismos precios y comisiones que las órdenes spot. Lo que el plan ganó o perdió se registra cuando termina.</p>",
      "<h2>Qué es la «IA»</h2>",
      "<p>La «IA» es una búsqueda de parámetros con validación walk-forward, y así la llamamos: el laboratorio prueba una cuadrícula limitada de conjuntos de parámetros de una estrategia en una ventana de velas pasadas y pone a prueba el mejor conjunto en la ventana siguiente, que no ha visto. No hay ningún modelo que prediga precios, y nadie coloca a mano las operaciones de un plan.</p>",
      "<h2>Las estrategias</h2>",
      "<ul>",
      "<li><strong>Seguimiento de tendencia</strong> mantiene la moneda mientras una media móvil rápida está por encima de una lenta. Pierde en mercados laterales agitados y en caídas repentinas.</li>",
      "<li><strong>Reversión a la media</strong> compra cuando el precio cae por debajo de su banda de Bollinger inferior y vende en la media. Pierde cuando un retroceso se convierte en una caída.</li>",
      "<li><strong>Cuadrícula</strong> compra una unidad cada vez que el precio baja un escalón y la vende un escalón más arriba. Pierde cuando el precio sale de la cuadrícula.</li>",
      "</ul>",
      "<h2>Lo que ves</h2>",
      "<ul>",
      "<li>Cada plan muestra su backtest de 30 días más reciente, una vez realizado, con sus supuestos (comisión, deslizamiento, ejecución a la apertura de la vela siguiente), nunca una rentabilidad prometida.</li>",
      "<li>Cada plan tiene un límite de ganancia, un límite de pérdida y una fecha de entrega; termina y vende cuando se alcanza el primero.</li>",
      "<li>Cada operación indica el tick de mercado registrado que usó.</li>",
      "</ul>",
      '<p>Quanta (la casa) es la contraparte: paga la ganancia de un plan y se queda con su pérdida. Algunos planes usan apalancamiento, que multiplica tanto las pérdidas como las ganancias. Puedes perder hasta todo el importe que pongas en un plan; consulta <a href="/data/detail?id=is-profit-guaranteed">¿Está garantizada la ganancia?</a></p>',
    ].join("\n"),
  },

  "ai-quant-advantages": {
    title: "¿Qué ventajas tiene el trading cuantitativo con IA?",
    summary:
      "Reglas en lugar de impulsos, probadas con datos pasados, límites fijados de antemano y cada operación verificable. No elimina el riesgo.",
    body: [
      "<p>Un plan sigue reglas escritas. Frente a operar a mano eso aporta ventajas reales, y tiene límites que debes conocer.</p>",
      "<h2>Ventajas</h2>",
      "<ul>",
      "<li><strong>Disciplina.</strong> La estrategia actúa en cada vela de un minuto cerrada con la misma regla, de día y de noche, sin miedo ni codicia.</li>",
      "<li><strong>Probada antes de usarla.</strong> Puedes ejecutar backtests y optimizaciones walk-forward en el laboratorio sobre el mercado registrado, y cada plan muestra su backtest de 30 días más reciente con sus supuestos.</li>",
      "<li><strong>Límites fijados de antemano.</strong> Cada plan tiene un límite de ganancia, un límite de pérdida y una fecha de entrega. Tu importe queda congelado mientras funciona, y lo que ganó o perdió se registra al final.</li>",
      "<li><strong>Verificable.</strong> Cada operación indica el tick de mercado registrado y encadenado por hash que usó, para que cualquiera pueda recalcularla.</li>",
      "</ul>",
      "<h2>Límites</h2>",
      "<ul>",
      "<li>Un backtest no es un pronóstico. Los mercados cambian, y una estrategia que funcionó con datos pasados puede perder.</li>",
      "<li>Se pagan comisiones en cada operación, gane o pierda.</li>",
      '<li>Cada estrategia tiene mercados en los que pierde; <a href="/data/detail?id=what-is-ai-quant-trading">¿Qué es el trading cuantitativo con IA?</a> los nombra.</li>',
      "</ul>",
      "<p>Ningún plan garantiza una ganancia. Pon solo dinero que puedas permitirte perder.</p>",
    ].join("\n"),
  },

  "what-is-the-weighted-score": weightedScoreArticle("es", {
    title: "¿Qué es la puntuación ponderada?",
    summary:
      "Una puntuación de 0 a 1.000 basada en tus depósitos, tus días de operación y tus backtests. Con la verificación de identidad fija tu nivel de crédito y tu cupo de planes.",
    intro: [
      "La puntuación ponderada mide cómo usas Quanta: tu <strong>límite total</strong> (lo que has depositado), tus <strong>hábitos de uso</strong> (con qué frecuencia operas) y tu <strong>contribución al entrenamiento de modelos</strong> (los backtests que ejecutas). Junto con la verificación de identidad fija tu nivel de crédito, y tu nivel de crédito fija a qué planes cuantitativos con IA puedes unirte y cuánto puedes tener en ellos. Es el criterio básico para convertirte en inversor en Quanta.",
    ],
    formulaHeading: "Cómo se calcula",
    totalLimit: (weight, full) =>
      `<strong>Límite total</strong> = ${weight} × min(1, depósitos abonados ÷ ${full} USDT). Cuenta cada depósito abonado en tu cuenta; los fondos de demostración no cuentan, y los retiros no lo reducen.`,
    usageHabits: (weight, window) =>
      `<strong>Hábitos de uso</strong> = ${weight} × días con una operación entre los últimos ${window} ÷ ${window}. Un día (UTC) cuenta cuando tuviste una ejecución spot, compraste una opción, abriste o cerraste una posición de contrato o iniciaste un plan; sale de la ventana ${window} días después.`,
    contribution: (weight, full) =>
      `<strong>Contribución al entrenamiento de modelos</strong> = ${weight} × min(1, (backtests ejecutados + estrategias compartidas) ÷ ${full}). Cuentan tus backtests y optimizaciones terminados en el laboratorio; compartir estrategias aún no se ofrece, así que esa parte es 0.`,
    sum: (max) =>
      `Cada término se redondea hacia abajo a un punto entero, y la puntuación es su suma, de 0 a ${max}. Se recalcula cada día y poco después de un depósito, una operación o un backtest terminado.`,
    levelsHeading: "Niveles de crédito",
    levelUnverified: (level, quota) =>
      `<strong>Nivel ${level}</strong>: identidad no verificada. Cupo de planes ${quota} USDT.`,
    levelVerified: (level, quota) =>
      `<strong>Nivel ${level}</strong>: identidad verificada. Cupo de planes ${quota} USDT.`,
    levelScore: (level, minScore, quota) =>
      `<strong>Nivel ${level}</strong>: identidad verificada y una puntuación de al menos ${minScore}. Cupo de planes ${quota} USDT.`,
    outro: [
      "El cupo de planes es lo máximo que puedes tener a la vez en planes en curso. Una puntuación por sí sola nunca eleva una cuenta sin verificación de identidad por encima del primer nivel.",
      'Tu propia puntuación, cada término con lo que se contó y lo que necesita tu siguiente nivel están en <a href="/my">Activos</a>. La puntuación no promete rentabilidad ni concede crédito: Quanta no ofrece préstamos.',
    ],
  }),
};
