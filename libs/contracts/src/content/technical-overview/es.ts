import type { TechnicalOverview } from './technical-overview-text';

/** The technical overview in Spanish. */
export const overview: TechnicalOverview = {
  title: 'Visión técnica',
  subtitle:
    'Cómo funciona la cuenta de ahorro de renta fija de Savings Platform: la tesis, el mecanismo, los riesgos y el marco jurídico.',
  metaTitle: 'Visión técnica — Savings Platform, interés anual fijo del 7 %',
  metaDescription:
    'Resumen, tesis de inversión, características clave, gestión del riesgo y marco jurídico de una cuenta de ahorro al 7 % fijo abonado a diario, desde 1.000 $.',
  download: 'Descargar PDF',
  back: 'Volver al inicio',
  page: 'Página {n} de {total}',
  sections: [
    {
      id: 'executive-summary',
      heading: 'Resumen ejecutivo',
      paragraphs: [
        'Savings Platform Ltd, sociedad registrada en Road Town, Tortola, Islas Vírgenes Británicas, ofrece una cuenta de ahorro en línea en dólares estadounidenses que paga un 7 % fijo anual. Los intereses se calculan sobre el saldo de la cuenta y se abonan cada día a las 10:00.',
        'La cuenta está abierta a particulares, empresas y fundaciones. Empieza en 1.000 $, sin permanencia ni penalizaciones, y se gestiona por completo en línea: depósitos por transferencia, saldo en tiempo real, historial completo de intereses y retiros mensuales.',
      ],
      bullets: [
        'Tipo fijo: 7 % anual, abonado a diario (tipo diario 0,019178 %).',
        'Depósito mínimo: 1.000 $. Moneda: USD.',
        'Capital asegurado hasta 150 millones de dólares.',
        'Reembolso con preaviso de 5 días hábiles; retiros pagados el día 1 de cada mes.',
      ],
    },
    {
      id: 'investment-thesis',
      heading: 'Tesis de inversión',
      paragraphs: [
        'El dinero en una cuenta corriente apenas rinde: un banco típico paga alrededor del 0,1 % anual, muy por debajo de la inflación. Los instrumentos de renta fija de alta calidad pagan bastante más a quien puede mantenerlos a gran escala.',
        'La plataforma agrupa la liquidez de los clientes y la invierte en bonos del Estado y valores corporativos con calificación AAA, con una política de liquidez prudente. La diferencia entre lo que rinden estos instrumentos y el 7 % pagado a los clientes financia la operación y las reservas. Los clientes obtienen un rendimiento fijo y previsible sin elegir ni negociar valores.',
      ],
    },
    {
      id: 'target-investors',
      heading: 'Inversores a los que se dirige',
      paragraphs: [
        'La cuenta está pensada para ahorradores que buscan un rendimiento estable y previsible sobre la liquidez que no necesitan a diario.',
      ],
      bullets: [
        'Particulares que ahorran o planifican ingresos para la jubilación.',
        'Empresas con reservas operativas o excedentes de tesorería.',
        'Fundaciones y sociedades de cartera que buscan un rendimiento estable sobre activos líquidos.',
        'Clientes internacionales que valoran la protección de su patrimonio en una jurisdicción neutral.',
      ],
    },
    {
      id: 'key-features',
      heading: 'Características clave',
      paragraphs: ['Cada característica busca la claridad: un tipo, una moneda, un saldo que crece cada día.'],
      bullets: [
        'Interés anual fijo del 7 %, abonado cada día a las 10:00 y mostrado en un historial completo.',
        'Sin permanencia y sin penalizaciones por retirar.',
        'Depósito mínimo de 1.000 $, por transferencia indicando un código de referencia personal.',
        'Capital asegurado hasta 150 millones de dólares.',
        'Protección jurídica del patrimonio: los activos mantenidos en una jurisdicción extranjera no pueden embargarse por deudas ni procedimientos judiciales.',
        'Un panel en línea con el saldo, la cuenta atrás hasta el próximo abono, las solicitudes de depósito y la actividad de la cuenta.',
      ],
    },
    {
      id: 'how-it-works',
      heading: 'Cómo funciona',
      paragraphs: ['Abrir y llevar una cuenta requiere cuatro pasos.'],
      bullets: [
        'Regístrese en línea en minutos con su nombre, su e-mail y una contraseña.',
        'Transfiera liquidez desde una cuenta personal o de empresa indicando su código de referencia. Los depósitos suelen confirmarse en 1-2 días hábiles.',
        'Empiece a ganar de inmediato: los intereses se devengan desde el día en que se confirma su depósito.',
        'Gane un 7 %: los intereses se abonan cada día a las 10:00. Solicite un retiro cuando quiera una vez guardados sus datos bancarios; los retiros aprobados se pagan el día 1 de cada mes.',
      ],
    },
    {
      id: 'risk-management',
      heading: 'Gestión del riesgo',
      paragraphs: [
        'Los fondos de los clientes se invierten solo en bonos del Estado y valores corporativos con calificación AAA, diversificados por emisor y vencimiento, con un colchón de liquidez dimensionado para reembolsos con preaviso de 5 días hábiles.',
        'Cada movimiento de dinero se registra en un libro mayor de partida doble que solo admite anotaciones nuevas y cuya integridad puede verificarse en cualquier momento; saldos, abonos de intereses y retiros pueden reconstruirse y auditarse a partir de ese registro. El capital está asegurado hasta 150 millones de dólares.',
        'El ahorro y la inversión conllevan riesgos: el valor de los instrumentos subyacentes puede bajar y las rentabilidades pasadas no garantizan las futuras. Las condiciones de la cuenta establecen el tipo, la cobertura del seguro y las condiciones de retiro.',
      ],
    },
    {
      id: 'regulatory-legal',
      heading: 'Marco regulatorio y jurídico',
      paragraphs: [
        'Savings Platform Ltd es una sociedad registrada en las Islas Vírgenes Británicas, con domicilio social en Road Town, Tortola. Los activos de los clientes se mantienen conforme al derecho de esa jurisdicción, que los protege frente a embargos por deudas o procedimientos iniciados en otros lugares.',
        'Los clientes se identifican al abrir la cuenta y los fondos solo se aceptan por transferencia desde cuentas a su nombre o al de su empresa. Nada de este sitio constituye asesoramiento de inversión; cada cliente debe valorar su situación fiscal y jurídica.',
      ],
    },
    {
      id: 'contact-onboarding',
      heading: 'Contacto y alta',
      paragraphs: [
        'Abra una cuenta en línea en minutos y haga su primera transferencia de al menos 1.000 $ con los datos bancarios y el código de referencia que aparecen en su panel. Para cuentas de empresa, fundaciones o cualquier pregunta, escríbanos: un miembro del equipo responderá en un día hábil.',
      ],
    },
  ],
};
