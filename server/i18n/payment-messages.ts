// Messages of the cardholder's name and of the sandbox's PayPal window (issue 36).
import type { Catalog } from './messages.ts';

export const paymentMessages = {
  payerNameInvalid: {
    en: 'Please enter the cardholder’s first and last name, in letters only.',
    es: 'Introduce el nombre y los apellidos del titular de la tarjeta, solo con letras.',
    fr: 'Saisissez le prénom et le nom du titulaire de la carte, en lettres uniquement.',
    de: 'Bitte gib Vor- und Nachnamen des Karteninhabers ein, nur mit Buchstaben.',
    it: 'Inserisci nome e cognome del titolare della carta, solo con lettere.',
    'pt-BR': 'Informe o nome e o sobrenome do titular do cartão, apenas com letras.',
  },
  paypalTitle: {
    en: 'PayPal (sandbox)',
    es: 'PayPal (entorno de pruebas)',
    fr: 'PayPal (bac à sable)',
    de: 'PayPal (Sandbox)',
    it: 'PayPal (sandbox)',
    'pt-BR': 'PayPal (sandbox)',
  },
  paypalIntro: {
    en: 'This window stands in for PayPal in the demo: no money moves. Approve to pay {amount} for {plan}.',
    es: 'Esta ventana sustituye a PayPal en la demo: no se mueve dinero. Aprueba para pagar {amount} por {plan}.',
    fr: 'Cette fenêtre remplace PayPal dans la démo : aucun argent n’est débité. Approuvez pour payer {amount} pour {plan}.',
    de: 'Dieses Fenster steht in der Demo für PayPal: Es fließt kein Geld. Genehmige, um {amount} für {plan} zu zahlen.',
    it: 'Questa finestra sostituisce PayPal nella demo: nessun addebito reale. Approva per pagare {amount} per {plan}.',
    'pt-BR':
      'Esta janela faz o papel do PayPal na demonstração: nenhum dinheiro é movimentado. Aprove para pagar {amount} por {plan}.',
  },
  paypalAccountHolder: {
    en: 'The PayPal account holder',
    es: 'Titular de la cuenta PayPal',
    fr: 'Titulaire du compte PayPal',
    de: 'Inhaber des PayPal-Kontos',
    it: 'Titolare del conto PayPal',
    'pt-BR': 'Titular da conta PayPal',
  },
  paypalFirstName: {
    en: 'First name',
    es: 'Nombre',
    fr: 'Prénom',
    de: 'Vorname',
    it: 'Nome',
    'pt-BR': 'Nome',
  },
  paypalLastName: {
    en: 'Last name',
    es: 'Apellidos',
    fr: 'Nom de famille',
    de: 'Nachname',
    it: 'Cognome',
    'pt-BR': 'Sobrenome',
  },
  paypalApprove: {
    en: 'Approve',
    es: 'Aprobar',
    fr: 'Approuver',
    de: 'Genehmigen',
    it: 'Approva',
    'pt-BR': 'Aprovar',
  },
  paypalCancel: {
    en: 'Cancel',
    es: 'Cancelar',
    fr: 'Annuler',
    de: 'Abbrechen',
    it: 'Annulla',
    'pt-BR': 'Cancelar',
  },
  paypalRefused: {
    en: 'PayPal could not approve this payment: the account holder’s name must be letters only.',
    es: 'PayPal no pudo aprobar este pago: el nombre del titular de la cuenta solo puede contener letras.',
    fr: 'PayPal n’a pas pu approuver ce paiement : le nom du titulaire du compte ne doit contenir que des lettres.',
    de: 'PayPal konnte diese Zahlung nicht genehmigen: Der Name des Kontoinhabers darf nur aus Buchstaben bestehen.',
    it: 'PayPal non ha potuto approvare il pagamento: il nome del titolare del conto deve contenere solo lettere.',
    'pt-BR': 'O PayPal não pôde aprovar este pagamento: o nome do titular da conta deve ter apenas letras.',
  },
} satisfies Record<string, Catalog>;
