import type { TechnicalOverview } from './technical-overview-text';

/** The technical overview in French. */
export const overview: TechnicalOverview = {
  title: 'Présentation technique',
  subtitle:
    'Comment fonctionne le compte d’épargne à revenu fixe de Savings Platform : la thèse, le mécanisme, les risques et le cadre juridique.',
  metaTitle: 'Présentation technique — Savings Platform, intérêt annuel fixe de 7 %',
  metaDescription:
    'Synthèse, thèse d’investissement, caractéristiques clés, gestion des risques et cadre juridique d’un compte d’épargne à 7 % fixe crédité chaque jour, dès 1 000 $.',
  download: 'Télécharger le PDF',
  back: 'Retour à l’accueil',
  page: 'Page {n} sur {total}',
  sections: [
    {
      id: 'executive-summary',
      heading: 'Synthèse',
      paragraphs: [
        'Savings Platform Ltd, société enregistrée à Road Town, Tortola, îles Vierges britanniques, propose un compte d’épargne en ligne en dollars américains qui rapporte 7 % fixe par an. Les intérêts sont calculés sur le solde du compte et crédités chaque jour à 10 h 00.',
        'Le compte est ouvert aux particuliers, aux sociétés et aux fondations. Il démarre à 1 000 $, sans durée de blocage ni pénalité, et se gère entièrement en ligne : dépôts par virement, solde en temps réel, historique complet des intérêts et retraits mensuels.',
      ],
      bullets: [
        'Taux fixe : 7 % par an, crédité chaque jour (taux journalier 0,019178 %).',
        'Dépôt minimum : 1 000 $. Devise : USD.',
        'Capital assuré jusqu’à 150 millions de dollars.',
        'Remboursement avec un préavis de 5 jours ouvrés ; retraits payés le 1er de chaque mois.',
      ],
    },
    {
      id: 'investment-thesis',
      heading: 'Thèse d’investissement',
      paragraphs: [
        'L’argent laissé sur un compte courant ne rapporte presque rien : une banque classique paie environ 0,1 % par an, bien moins que l’inflation. Les instruments de taux de grande qualité rapportent nettement plus à ceux qui peuvent les détenir à grande échelle.',
        'La plateforme regroupe les liquidités des clients et les place en obligations d’État et en titres d’entreprises notés AAA, avec une politique de liquidité prudente. L’écart entre le rendement de ces instruments et les 7 % versés aux clients finance l’exploitation et les réserves. Les clients obtiennent un rendement fixe et prévisible sans choisir ni négocier de titres.',
      ],
    },
    {
      id: 'target-investors',
      heading: 'Investisseurs visés',
      paragraphs: [
        'Le compte s’adresse aux épargnants qui veulent un rendement stable et prévisible sur des liquidités dont ils n’ont pas besoin au quotidien.',
      ],
      bullets: [
        'Particuliers qui se constituent une épargne ou préparent leur retraite.',
        'Sociétés détenant des réserves d’exploitation ou des excédents de trésorerie.',
        'Fondations et holdings recherchant un rendement stable sur leurs actifs liquides.',
        'Clients internationaux attachés à la protection de leurs actifs dans une juridiction neutre.',
      ],
    },
    {
      id: 'key-features',
      heading: 'Caractéristiques clés',
      paragraphs: ['Chaque caractéristique vise la clarté : un taux, une devise, un solde qui augmente chaque jour.'],
      bullets: [
        'Intérêt annuel fixe de 7 %, crédité chaque jour à 10 h 00 et présenté dans un historique complet.',
        'Aucune durée de blocage et aucune pénalité de retrait.',
        'Dépôt minimum de 1 000 $, par virement mentionnant un code de référence personnel.',
        'Capital assuré jusqu’à 150 millions de dollars.',
        'Protection juridique des actifs : les avoirs détenus dans une juridiction étrangère ne peuvent être saisis pour dettes ou procédures judiciaires.',
        'Un tableau de bord en ligne avec le solde, le compte à rebours jusqu’au prochain crédit, les demandes de dépôt et l’activité du compte.',
      ],
    },
    {
      id: 'how-it-works',
      heading: 'Fonctionnement',
      paragraphs: ['Ouvrir et gérer un compte se fait en quatre étapes.'],
      bullets: [
        'Inscrivez-vous en ligne en quelques minutes avec votre nom, votre e-mail et un mot de passe.',
        'Virez des liquidités depuis un compte personnel ou professionnel en indiquant votre code de référence. Les dépôts sont généralement confirmés sous 1 à 2 jours ouvrés.',
        'Commencez à gagner tout de suite : les intérêts courent dès la confirmation de votre dépôt.',
        'Gagnez 7 % : les intérêts sont crédités chaque jour à 10 h 00. Demandez un retrait à tout moment une fois vos coordonnées bancaires enregistrées ; les retraits approuvés sont payés le 1er de chaque mois.',
      ],
    },
    {
      id: 'risk-management',
      heading: 'Gestion des risques',
      paragraphs: [
        'Les fonds des clients sont investis uniquement en obligations d’État et en titres d’entreprises notés AAA, diversifiés par émetteur et par échéance, avec un coussin de liquidité dimensionné pour les remboursements à 5 jours ouvrés.',
        'Chaque mouvement d’argent est enregistré dans un grand livre en partie double, en ajout seul, dont l’intégrité peut être vérifiée à tout moment ; soldes, crédits d’intérêts et retraits peuvent être reconstitués et audités à partir de ce registre. Le capital est assuré jusqu’à 150 millions de dollars.',
        'L’épargne et l’investissement comportent des risques : la valeur des instruments sous-jacents peut baisser et les rendements passés ne préjugent pas des rendements futurs. Les conditions du compte précisent le taux, la couverture d’assurance et les conditions de retrait.',
      ],
    },
    {
      id: 'regulatory-legal',
      heading: 'Cadre réglementaire et juridique',
      paragraphs: [
        'Savings Platform Ltd est une société enregistrée aux îles Vierges britanniques, dont le siège social est à Road Town, Tortola. Les actifs des clients sont détenus selon le droit de cette juridiction, qui les protège contre la saisie pour dettes ou procédures engagées ailleurs.',
        'Les clients sont identifiés à l’ouverture et les fonds ne sont acceptés que par virement depuis des comptes à leur nom ou à celui de leur société. Rien sur ce site ne constitue un conseil en investissement ; chaque client doit examiner sa situation fiscale et juridique.',
      ],
    },
    {
      id: 'contact-onboarding',
      heading: 'Contact et ouverture de compte',
      paragraphs: [
        'Ouvrez un compte en ligne en quelques minutes, puis faites un premier virement d’au moins 1 000 $ avec les coordonnées bancaires et le code de référence affichés dans votre tableau de bord. Pour les comptes de sociétés, les fondations ou toute question, écrivez-nous : un membre de l’équipe répondra sous un jour ouvré.',
      ],
    },
  ],
};
