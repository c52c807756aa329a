// Spanish content, translated from en.ts (the source): same ids, links, numbers and HTML tags.
// Honest-money copy (DESIGN §1) keeps its exact meaning: no promised returns, risks stated.
// One paragraph or list item per line, like en.ts.
import { esDocuments } from "./documents/es";
import { esHelp } from "./help/es";
import type { LangContent } from "./types";

export const es: LangContent = {
  settings: {
    pitch: {
      title: "Trading que puede comprobar",
      subtitle:
        "Trading spot, trading de contratos con apalancamiento y opciones de sube/baja sobre el feed de mercado en vivo, con cada saldo procedente de un libro mayor de partida doble y cada resultado abierto a inspección.",
      points: [
        {
          title: "Trading spot y de contratos",
          text: "Las órdenes spot de mercado y limitadas se ejecutan contra el libro de órdenes en vivo, y cada ejecución registra el libro y el tick que utilizó. Las posiciones de contratos van en largo o en corto con apalancamiento y margen aislado, con Quanta (la casa) como contraparte a los precios del feed de mercado. El apalancamiento multiplica las pérdidas, y una liquidación pierde todo el margen de la posición.",
        },
        {
          title: "Opciones de sube/baja",
          text: "Apueste a si el precio estará más alto o más bajo tras un número fijo de segundos. Si gana, recibe su inversión más el pago indicado; si pierde, pierde toda la inversión; si hay empate, se le devuelve la inversión. Cada compra paga una comisión. Quanta (la casa) es la contraparte, a los precios registrados de la fuente de datos del mercado.",
        },
        {
          title: "USDT de entrada y salida",
          text: "Los depósitos en USDT (ERC20) se verifican en la cadena. Cada retiro se aprueba o se rechaza con un motivo indicado, y nunca se pide una comisión para liberarlo.",
        },
        {
          title: "Verificable y sin rentabilidades prometidas",
          text: "Las operaciones, las posiciones de contratos y las opciones se liquidan únicamente a partir de ticks de mercado registrados y encadenados mediante hash, y cualquiera puede recalcular cada resultado; cada opción liquidada y cada liquidación, take-profit o stop-loss tiene «Verificar» en la aplicación. Puede perder dinero, incluso toda la inversión o todo el margen, y de media una predicción al 50/50 en una opción pierde dinero.",
        },
      ],
    },
    subscribe: {
      title: "Boletín",
      text: "Correos ocasionales sobre novedades del producto y cambios en comisiones o condiciones. Sin spam, y nunca vendemos su dirección. Para que la eliminemos, escriba a soporte.",
    },
    footer: {
      operator:
        "Esta instancia de Quanta la gestiona su operador. En modo demo no se mueven fondos reales.",
      copyright: "© 2026 Quanta",
    },
  },

  links: {
    "live-chat": "Contactar con soporte (dirección de ejemplo)",
    "messaging-app": "Soporte en Matrix (dirección de ejemplo)",
    "help-centre": "Centro de ayuda",
    "community-guidelines": "Normas de la comunidad",
    "user-agreement": "Acuerdo de usuario",
    "privacy-policy": "Política de privacidad",
    "partner-ethereum": "Ethereum: red de liquidación",
    "partner-tether": "Tether USDT (ERC20): activo de depósito",
    "partner-binance-data": "Datos de mercado públicos de Binance (flujo de producción)",
    "partner-foundry": "Foundry anvil: cadena demo",
  },

  articles: {
    "is-profit-guaranteed": {
      title: "¿Está garantizada la ganancia?",
      summary:
        "No. Cualquier operación puede perder dinero, y los precios pasados no predicen los futuros.",
      body: [
        "<p><strong>No.</strong> Ninguna operación en Quanta garantiza beneficios, y nadie que trabaje para Quanta puede prometérselos. Si alguien lo hace, tómelo como una señal de alarma y comuníquelo a soporte.</p>",
        "<h2>Por qué puedes perder dinero</h2>",
        "<ul>",
        "<li><strong>Los mercados cambian.</strong> Los patrones que una estrategia aprendió de datos pasados pueden dejar de funcionar sin previo aviso.</li>",
        "<li><strong>Comisiones.</strong> Las comisiones se cobran tanto si la operación gana como si pierde.</li>",
        "<li><strong>Apalancamiento.</strong> El apalancamiento multiplica tanto las pérdidas como las ganancias. Un movimiento en contra de una posición de contratos de 1/apalancamiento menos la tasa de margen de mantenimiento la liquida: a 20× con un margen de mantenimiento del 0,5 %, un movimiento de aproximadamente el 4,5 %. Una liquidación pierde todo el margen de la posición.</li>",
        "<li><strong>Opciones de sube/baja.</strong> Una ganancia devuelve la inversión más menos del 100 % de ella, y cada compra paga una comisión, así que de media una predicción al 50/50 pierde dinero.</li>",
        "</ul>",
        "<p>Puedes perder todo lo invertido, y todo el margen de una posición de contratos.</p>",
        "<h2>Lo que Quanta sí promete</h2>",
        "<ul>",
        "<li>Los resultados proceden únicamente de precios de mercado registrados y de reglas publicadas. Nadie puede elegir por ti una ganancia o una pérdida.</li>",
        "<li>Las comisiones se muestran antes de que confirmes.</li>",
        "<li>Un retiro se aprueba o se rechaza con un motivo indicado, y nunca se te pedirá que pagues nada para liberarlo.</li>",
        "</ul>",
        "<p>Opera solo con dinero que puedas permitirte perder.</p>",
      ].join("\n"),
    },

    ...esDocuments,
    ...esHelp,

    "welcome-to-quanta": {
      title: "Te damos la bienvenida a Quanta",
      summary:
        "Una app de trading en la que inicias sesión con tu propia billetera. Lleva un libro contable de partida doble y liquida cada operación con precios de mercado registrados.",
      body: [
        "<p>Quanta es una aplicación de trading en la que inicia sesión con su propia billetera Ethereum. Ofrece trading spot con órdenes de mercado y limitadas y, donde esta instancia los ofrece, trading de contratos con apalancamiento y opciones de sube/baja, con depósitos y retiros en USDT (ERC20), en 11 idiomas. Se instala como una aplicación, sigue funcionando sin conexión y siempre muestra lo actualizados que están sus datos.</p>",
        "<h2>Hecha para ser comprobada</h2>",
        "<p>Las apps de este tipo tienen mala fama: saldos falsos, liquidaciones amañadas, retiros retenidos. Quanta está construida para ser demostrablemente distinta.</p>",
        "<ul>",
        "<li><strong>Nada de dinero de la nada.</strong> Cada saldo es la suma de los asientos de un libro contable de partida doble, en el que cada transacción cuadra a cero.</li>",
        "<li><strong>Nada de resultados elegidos.</strong> Las operaciones se liquidan únicamente a partir de ticks de mercado registrados y encadenados mediante hash, según reglas publicadas, y cada orden liquidada muestra los ticks que utilizó.</li>",
        "<li><strong>Los retiros nunca se toman como rehén.</strong> Cada solicitud se aprueba o se rechaza con un motivo indicado, y nunca se exige una comisión, un impuesto ni un depósito para liberar fondos.</li>",
        "<li><strong>Textos veraces.</strong> Advertencias de riesgo donde corresponden, ningún rendimiento prometido y ninguna promesa de productos que aún no existen.</li>",
        "</ul>",
        '<p>Operar es arriesgado y puedes perder dinero. Empieza por el <a href="/data?category=help">centro de ayuda</a>. Si esta instancia funciona en modo demo, puedes probarlo todo primero con fondos demo.</p>',
      ].join("\n"),
    },

    "how-settlements-are-verified": {
      title: "Cómo se verifican las liquidaciones",
      summary:
        "Cada operación se liquida con ticks de mercado registrados y encadenados mediante hash por símbolo. Así puedes recalcular un resultado y comprobar tú mismo la cadena.",
      body: [
        "<p>En Quanta, ninguna persona decide si una operación gana o pierde. Cada liquidación se calcula a partir de <strong>ticks de mercado registrados</strong>, cada uno con un precio, una hora y un número de secuencia, según una regla publicada. Cada orden liquidada muestra los ticks que utilizó.</p>",
        "<h2>La cadena de ticks</h2>",
        "<p>Los ticks se encadenan por símbolo, como los bloques de una blockchain. Cada tick lleva un hash: el SHA-256 del texto <em>hash anterior|número de secuencia|precio|hora</em>, escrito en hexadecimal en minúsculas. El primer tick de un símbolo usa 64 ceros como hash anterior. Modificar cualquier tick registrado cambiaría su hash y todos los hashes posteriores.</p>",
        "<h2>Compruébalo tú mismo</h2>",
        "<ol>",
        "<li>Lee el eslabón más reciente de la cadena de un símbolo en <strong>/api/v1/market/ticks/head</strong> (por ejemplo, con ?symbol=BTC/USDT) y guarda su hash.</li>",
        "<li>Lee los ticks en torno a tu orden en <strong>/api/v1/market/ticks</strong> con el símbolo y un intervalo de tiempo (from, to).</li>",
        "<li>Recalcula cada hash a partir del anterior, usando el precio y la hora exactamente como se sirven. Todos deben coincidir, y la cadena debe llegar a la cabeza que guardaste.</li>",
        "</ol>",
        "<p>Si guardas el hash de cabeza que viste, una reescritura posterior de ticks anteriores no puede pasar desapercibida: la cadena recalculada ya no llegaría a él.</p>",
        "<h2>Opciones de sube/baja</h2>",
        "<p>La entrada de una opción es el primer tick registrado después de aceptarse la compra, y su salida, el último tick registrado en el vencimiento o antes. «Verificar», en cada opción liquidada de la aplicación, comprueba la cadena y recalcula el resultado; <strong>npm run verify -- options</strong> hace lo mismo desde la línea de comandos.</p>",
        "<h2>Posiciones de contratos</h2>",
        "<p>Una posición de contratos se liquida, o se cierra por su take-profit o su stop-loss, solo por un tick registrado posterior al tick en que se abrió, al precio de ese tick: decide el primer tick que alcanza uno de sus niveles, y la posición cerrada lo indica. «Verificar», en una posición así en la aplicación, comprueba la cadena desde su tick de apertura hasta ese tick, que ningún tick intermedio alcanzó un nivel, y el resultado.</p>",
        "<p>Un take-profit o un stop-loss cuenta desde el primer tick registrado después de fijarlo: la posición guarda el tick más reciente de ese momento, y «Verificar» comprueba desde ahí. El precio de liquidación nunca cambia.</p>",
        "<p>Estas direcciones son públicas y no requieren cuenta. Si un resultado no coincide, contacta con el soporte indicando el id de la orden.</p>",
      ].join("\n"),
    },

    "demo-mode-explained": {
      title: "El modo demo, explicado",
      summary:
        "En modo demo, el mercado es simulado, la cadena es una cadena de prueba local y los saldos son fondos demo. Nada de ello tiene valor monetario.",
      body: [
        "<p>Quanta funciona en uno de dos modos. El modo demo es el predeterminado cuando el software se inicia en una sola máquina, y está pensado para probar el producto sin riesgo.</p>",
        "<h2>Qué cambia en el modo demo</h2>",
        "<ul>",
        "<li><strong>Mercado simulado.</strong> Los precios proceden de un simulador con volatilidad y libros de órdenes realistas, no de un exchange real. Sus ticks se registran y se encadenan mediante hash como los de un flujo real, así que la liquidación funciona igual que en producción.</li>",
        "<li><strong>Cadena de prueba local.</strong> Los depósitos y retiros usan una cadena de desarrollo local (anvil, de Foundry) con un token USDT de prueba sin valor. Un faucet envía USDT de prueba a tu billetera.</li>",
        "<li><strong>Fondos demo.</strong> Puedes añadir fondos demo a tu saldo. Aparecen en tus movimientos como «Fondos demo», de modo que nunca pueden confundirse con un depósito.</li>",
        "<li><strong>Billetera demo.</strong> Si no tienes billetera, la app puede crear una billetera demo cuya clave se guarda en tu navegador. Úsala solo en modo demo.</li>",
        "</ul>",
        "<p>Mientras el modo demo está activo, todas las pantallas lo indican.</p>",
        "<h2>Qué no cambia</h2>",
        "<p>El libro contable, las reglas de liquidación, la presentación de comisiones y las reglas de retiro son el mismo código que en producción. Un resultado en modo demo es un resultado real de esas reglas sobre precios simulados, pero los precios simulados no son precios de mercado: no dice nada de lo que ganarías en producción.</p>",
        "<h2>La demo nunca se convierte en producción</h2>",
        "<p>Las funciones demo solo existen en modo demo. Un servidor en modo producción se niega a arrancar si cualquiera de ellas está activada, y una base de datos usada en un modo rechaza un servidor del otro, de modo que los fondos demo nunca pueden convertirse en dinero real.</p>",
      ].join("\n"),
    },

    "our-withdrawal-promise": {
      title: "Nuestro compromiso con los retiros",
      summary:
        "Cada retiro se aprueba o se rechaza con un motivo indicado. Nunca se exige una comisión, un impuesto, un depósito ni una tarea para liberar tus fondos.",
      body: [
        "<p>Una estafa habitual en las apps de trading es el retiro que nunca llega: el saldo parece correcto hasta que intentas sacarlo, y entonces te piden que pagues antes un «impuesto», una «comisión de desbloqueo» o un «depósito», o que completes «tareas». Quanta está construida para que esto no pueda funcionar así nunca.</p>",
        "<h2>El compromiso</h2>",
        "<ul>",
        "<li>Cada solicitud de retiro se <strong>aprueba y se envía</strong>, o se <strong>rechaza con un motivo indicado</strong>. Si se rechaza, el importe vuelve a tu saldo disponible.</li>",
        "<li>La única comisión es la comisión de retiro que se muestra <strong>antes</strong> de que confirmes, junto con los importes mínimo y máximo.</li>",
        "<li><strong>Nunca</strong> exigimos una comisión, un impuesto, un depósito, un volumen de operaciones ni una tarea para liberar tus fondos. El software no tiene esa opción.</li>",
        "</ul>",
        "<h2>Qué puedes ver</h2>",
        "<p>Cada retiro muestra su estado (en revisión, aprobado y en envío, completado o fallido), la comisión, la dirección de destino y, una vez enviado, el hash de la transacción para consultarlo en un explorador de bloques. Mientras se revisa un retiro, su importe queda congelado en tu libro contable; después se descuenta o se devuelve, exactamente una vez.</p>",
        "<blockquote>Si alguien, incluso alguien que dice ser del soporte de Quanta, te pide que pagues para liberar un retiro, es una estafa. No pagues y denúncialo.</blockquote>",
      ].join("\n"),
    },

    "market-data-sources": {
      title: "De dónde proceden nuestros datos de mercado",
      summary:
        "Las instancias demo usan un simulador de mercado con semilla; las de producción, el flujo público de un exchange. Ambos se registran y se encadenan mediante hash.",
      body: [
        "<p>Cada precio que ves y cada liquidación en Quanta proceden de un único flujo de mercado por instancia. Cuál sea depende del modo.</p>",
        "<h2>Modo demo: un simulador</h2>",
        "<p>Un simulador con semilla genera precios con volatilidad, profundidad del libro de órdenes e historial retroactivo realistas. No está conectado a ningún mercado real, y sus precios no son precios reales.</p>",
        "<h2>Modo producción: el flujo público de un exchange</h2>",
        '<p>Las instancias de producción leen datos de mercado públicos de un gran exchange, como los <a href="https://www.binance.com/en/binance-api">datos de mercado públicos de Binance</a>. Quanta no tiene ninguna vinculación con ese exchange y no le envía tus órdenes: el operador las ejecuta contra el libro de órdenes del flujo según reglas publicadas.</p>',
        "<h2>Registrados en cualquier caso</h2>",
        '<p>Sea cual sea la fuente, cada tick se registra con un número de secuencia y se encadena mediante hash antes de usarse, de modo que cualquier liquidación puede recalcularse más tarde; consulta <a href="/data/detail?id=how-settlements-are-verified">Cómo se verifican las liquidaciones</a>. Si el flujo se interrumpe, los precios se marcan como desactualizados y las órdenes con precio de mercado se pausan hasta que llegan datos nuevos.</p>',
      ].join("\n"),
    },
  },
};
