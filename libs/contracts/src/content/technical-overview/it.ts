import type { TechnicalOverview } from './technical-overview-text';

/** The technical overview in Italian. */
export const overview: TechnicalOverview = {
  title: 'Panoramica tecnica',
  subtitle:
    'Come funziona il conto di risparmio a reddito fisso di Savings Platform: la tesi, il meccanismo, i rischi e il quadro giuridico.',
  metaTitle: 'Panoramica tecnica — Savings Platform, interesse annuo fisso del 7%',
  metaDescription:
    'Sintesi, tesi d’investimento, caratteristiche principali, gestione del rischio e quadro giuridico di un conto di risparmio al 7% fisso accreditato ogni giorno, da $1.000.',
  download: 'Scarica il PDF',
  back: 'Torna alla home',
  page: 'Pagina {n} di {total}',
  sections: [
    {
      id: 'executive-summary',
      heading: 'Sintesi',
      paragraphs: [
        'Savings Platform Ltd, società registrata a Road Town, Tortola, Isole Vergini Britanniche, offre un conto di risparmio online in dollari USA che rende un fisso del 7% annuo. Gli interessi sono calcolati sul saldo del conto e accreditati ogni giorno alle 10:00.',
        'Il conto è aperto a privati, società e fondazioni. Parte da $1.000, non ha vincoli né penali ed è gestito interamente online: depositi con bonifico, saldo in tempo reale, storico completo degli interessi e prelievi mensili.',
      ],
      bullets: [
        'Tasso fisso: 7% annuo, accreditato ogni giorno (tasso giornaliero 0,019178%).',
        'Deposito minimo: $1.000. Valuta: USD.',
        'Capitale assicurato fino a 150 milioni di dollari.',
        'Rimborso con preavviso di 5 giorni lavorativi; prelievi pagati il 1° di ogni mese.',
      ],
    },
    {
      id: 'investment-thesis',
      heading: 'Tesi d’investimento',
      paragraphs: [
        'La liquidità lasciata su un conto corrente non rende quasi nulla: una banca tipica paga circa lo 0,1% annuo, molto meno dell’inflazione. Gli strumenti a reddito fisso di alta qualità rendono invece molto di più a chi può detenerli su larga scala.',
        'La piattaforma raccoglie la liquidità dei clienti e la investe in titoli di Stato e obbligazioni societarie con rating AAA, con una politica di liquidità prudente. La differenza tra il rendimento di questi strumenti e il 7% pagato ai clienti finanzia l’operatività e le riserve. I clienti ottengono un rendimento fisso e prevedibile senza scegliere né negoziare titoli.',
      ],
    },
    {
      id: 'target-investors',
      heading: 'Investitori a cui si rivolge',
      paragraphs: [
        'Il conto è pensato per chi desidera un rendimento stabile e prevedibile sulla liquidità che non usa ogni giorno.',
      ],
      bullets: [
        'Privati che costruiscono risparmi o pianificano la pensione.',
        'Società con riserve operative o eccedenze di tesoreria.',
        'Fondazioni e holding che cercano un rendimento stabile sulle attività liquide.',
        'Clienti internazionali che apprezzano la protezione del patrimonio in una giurisdizione neutrale.',
      ],
    },
    {
      id: 'key-features',
      heading: 'Caratteristiche principali',
      paragraphs: ['Ogni caratteristica punta alla chiarezza: un tasso, una valuta, un saldo che cresce ogni giorno.'],
      bullets: [
        'Interesse annuo fisso del 7%, accreditato ogni giorno alle 10:00 e riportato in uno storico completo.',
        'Nessun vincolo e nessuna penale per i prelievi.',
        'Deposito minimo di $1.000, con bonifico che indica un codice di riferimento personale.',
        'Capitale assicurato fino a 150 milioni di dollari.',
        'Protezione legale del patrimonio: i beni detenuti in una giurisdizione estera non possono essere pignorati per debiti o procedimenti legali.',
        'Un pannello online con il saldo, il conto alla rovescia al prossimo accredito, le richieste di deposito e i movimenti del conto.',
      ],
    },
    {
      id: 'how-it-works',
      heading: 'Come funziona',
      paragraphs: ['Aprire e gestire un conto richiede quattro passi.'],
      bullets: [
        'Registrati online in pochi minuti con nome, e-mail e password.',
        'Trasferisci liquidità da un conto personale o aziendale indicando il tuo codice di riferimento. I depositi sono di solito confermati entro 1-2 giorni lavorativi.',
        'Inizia subito a guadagnare: gli interessi maturano dal giorno in cui il deposito è confermato.',
        'Guadagna il 7%: gli interessi sono accreditati ogni giorno alle 10:00. Richiedi un prelievo in qualsiasi momento dopo aver salvato i dati bancari; i prelievi approvati sono pagati il 1° di ogni mese.',
      ],
    },
    {
      id: 'risk-management',
      heading: 'Gestione del rischio',
      paragraphs: [
        'I fondi dei clienti sono investiti solo in titoli di Stato e obbligazioni societarie con rating AAA, diversificati per emittente e scadenza, con una riserva di liquidità dimensionata per i rimborsi con preavviso di 5 giorni lavorativi.',
        'Ogni movimento di denaro è registrato in un registro contabile a partita doppia, in sola aggiunta, la cui integrità può essere verificata in qualsiasi momento; saldi, accrediti di interessi e prelievi possono essere ricostruiti e revisionati da quel registro. Il capitale è assicurato fino a 150 milioni di dollari.',
        'Risparmi e investimenti comportano rischi: il valore degli strumenti sottostanti può scendere e i rendimenti passati non garantiscono quelli futuri. Le condizioni del conto indicano il tasso, la copertura assicurativa e le condizioni di prelievo.',
      ],
    },
    {
      id: 'regulatory-legal',
      heading: 'Quadro normativo e giuridico',
      paragraphs: [
        'Savings Platform Ltd è una società registrata nelle Isole Vergini Britanniche, con sede legale a Road Town, Tortola. I beni dei clienti sono detenuti secondo la legge di quella giurisdizione, che offre protezione legale contro il pignoramento per debiti o procedimenti avviati altrove.',
        'I clienti sono identificati all’apertura e i fondi sono accettati solo con bonifico da conti intestati al cliente o alla sua società. Nulla in questo sito costituisce consulenza d’investimento; i clienti dovrebbero valutare la propria posizione fiscale e legale.',
      ],
    },
    {
      id: 'contact-onboarding',
      heading: 'Contatti e apertura del conto',
      paragraphs: [
        'Apri un conto online in pochi minuti, poi effettua il primo bonifico di almeno $1.000 usando le coordinate bancarie e il codice di riferimento mostrati nel tuo pannello. Per conti aziendali, fondazioni o qualsiasi domanda, scrivici: un membro del team risponderà entro un giorno lavorativo.',
      ],
    },
  ],
};
