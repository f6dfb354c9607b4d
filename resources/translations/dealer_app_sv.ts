<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="sv_SE" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Language</source>
        <translation>Språk</translation>
    </message>
    <message>
        <source>Saved: from the next start</source>
        <translation>Sparat: gäller från nästa start</translation>
    </message>
    <message>
        <source>dealer-app log audit: --since: {error}</source>
        <translation>dealer-app log audit: --since: {error}</translation>
    </message>
    <message>
        <source>dealer-app log audit: --limit must be 1 or more</source>
        <translation>dealer-app log audit: --limit måste vara 1 eller mer</translation>
    </message>
    <message>
        <source>dealer-app log audit: {error}</source>
        <translation>dealer-app log audit: {error}</translation>
    </message>
    <message>
        <source>no audit entry matches</source>
        <translation>ingen post i revisionsloggen matchar</translation>
    </message>
    <message>
        <source>db backup copies SQLite files; back up PostgreSQL with pg_dump</source>
        <translation>db backup kopierar SQLite-filer; säkerhetskopiera PostgreSQL med pg_dump</translation>
    </message>
    <message>
        <source>the backup file must not be the database itself</source>
        <translation>säkerhetskopian får inte vara själva databasen</translation>
    </message>
    <message>
        <source>backing up</source>
        <translation>säkerhetskopierar</translation>
    </message>
    <message>
        <source>backed up {source} to {target}</source>
        <translation>säkerhetskopierade {source} till {target}</translation>
    </message>
    <message>
        <source>Give each workstation a login role in {station} (CREATE ROLE pit1 LOGIN PASSWORD &apos;...&apos; IN ROLE {station}), the auditor one in {auditor}, and migrate as a member of {owner}; run this again after every upgrade</source>
        <translation>Ge varje arbetsstation en inloggningsroll i {station} (CREATE ROLE pit1 LOGIN PASSWORD &apos;...&apos; IN ROLE {station}), revisorn en i {auditor}, och migrera som medlem av {owner}; kör detta igen efter varje uppgradering</translation>
    </message>
    <message>
        <source>append-only enforced by the database: {answer}</source>
        <translation>databasen tillåter bara tillägg: {answer}</translation>
    </message>
    <message>
        <source>--hands must be at least 1</source>
        <translation>--hands måste vara minst 1</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>spelar</translation>
    </message>
    <message>
        <source>{tables} tables, {sessions} sessions, {hands} hands; </source>
        <translation>{tables} bord, {sessions} sessioner, {hands} händer; </translation>
    </message>
    <message>
        <source>PINs: </source>
        <translation>PIN-koder: </translation>
    </message>
    <message>
        <source>removed {entry} and {icon}</source>
        <translation>tog bort {entry} och {icon}</translation>
    </message>
    <message>
        <source>dealer-app desktop: cannot write {file}: {error}</source>
        <translation>dealer-app desktop: kan inte skriva {file}: {error}</translation>
    </message>
    <message>
        <source>installed {entry} and {icon}</source>
        <translation>installerade {entry} och {icon}</translation>
    </message>
    <message>
        <source>dealer-app display: {error}</source>
        <translation>dealer-app display: {error}</translation>
    </message>
    <message>
        <source>dealer-app display: there is no screen {number} ({count} found)</source>
        <translation>dealer-app display: det finns ingen skärm {number} ({count} hittades)</translation>
    </message>
    <message>
        <source>dealer-app floor report: name a file with --csv FILE or --pdf FILE</source>
        <translation>dealer-app floor report: ange en fil med --csv FIL eller --pdf FIL</translation>
    </message>
    <message>
        <source>dealer-app floor report: {error}</source>
        <translation>dealer-app floor report: {error}</translation>
    </message>
    <message>
        <source>wrote {path}</source>
        <translation>skrev {path}</translation>
    </message>
    <message>
        <source>dealer-app floor: --stale must be above 0 seconds</source>
        <translation>dealer-app floor: --stale måste vara över 0 sekunder</translation>
    </message>
    <message>
        <source>dealer-app floor: --escalate must be above 0 seconds</source>
        <translation>dealer-app floor: --escalate måste vara över 0 sekunder</translation>
    </message>
    <message>
        <source>dealer-app floor: {error}</source>
        <translation>dealer-app floor: {error}</translation>
    </message>
    <message>
        <source>{path} does not exist</source>
        <translation>{path} finns inte</translation>
    </message>
    <message>
        <source>DAMAGED database file: {problem}</source>
        <translation>DAMAGED databasfil: {problem}</translation>
    </message>
    <message>
        <source>verifying</source>
        <translation>verifierar</translation>
    </message>
    <message>
        <source>the hands cannot all be read: {error}</source>
        <translation>alla händer kan inte läsas: {error}</translation>
    </message>
    <message>
        <source>the database file is damaged (SQLite integrity check: {count} problem(s)); restore the last backup</source>
        <translation>databasfilen är skadad (SQLites integritetskontroll: {count} problem); återställ den senaste säkerhetskopian</translation>
    </message>
    <message>
        <source>incremental from entry #{seq} verified at {at}: entries {first} to {last} checked</source>
        <translation>inkrementell från post #{seq} verifierad {at}: poster {first} till {last} kontrollerade</translation>
    </message>
    <message>
        <source>incremental from entry #{seq} verified at {at}: no new entries</source>
        <translation>inkrementell från post #{seq} verifierad {at}: inga nya poster</translation>
    </message>
    <message>
        <source>CHANGED {what}: {reason}</source>
        <translation>CHANGED {what}: {reason}</translation>
    </message>
    <message>
        <source>COPY: this database is a copy of ledger {ledger} from checkpoint #{checkpoint} (forked after ledger entry {seq})</source>
        <translation>KOPIA: den här databasen är en kopia av liggaren {ledger} från kontrollpunkt #{checkpoint} (avgrenad efter liggarpost {seq})</translation>
    </message>
    <message>
        <source>the original went on to ledger entry {seq} (its anchor file): what came after the copy is not in this database</source>
        <translation>originalet fortsatte till liggarpost {seq} (dess ankarfil): det som kom efter kopian finns inte i den här databasen</translation>
    </message>
    <message>
        <source>UNANCHORED, accepted (--accept-unanchored): {why}</source>
        <translation>UTAN ANKARE, godtaget (--accept-unanchored): {why}</translation>
    </message>
    <message>
        <source>note: anchor file {file} belongs to another database (not checked)</source>
        <translation>obs: ankarfilen {file} hör till en annan databas (kontrolleras inte)</translation>
    </message>
    <message>
        <source>cancelled after {count} hands</source>
        <translation>avbrutet efter {count} händer</translation>
    </message>
    <message>
        <source>{count} things were changed outside the app ({hands} hands replayed)</source>
        <translation>{count} saker ändrades utanför appen ({hands} händer spelades upp igen)</translation>
    </message>
    <message>
        <source>all {count} new or changed hands hold; the ledger&apos;s new entries, the checkpoints and the anchor lines since agree</source>
        <translation>alla {count} nya eller ändrade givar håller; liggarens nya poster, kontrollpunkterna och ankarraderna sedan dess stämmer</translation>
    </message>
    <message>
        <source>not re-read: rows and entries from before entry #{seq} that were changed in place without a ledger entry (a full verify finds them: dealer-app log verify)</source>
        <translation>inte omläst: rader och poster från före post #{seq} som ändrats på plats utan en post i liggaren (en full verifiering hittar dem: dealer-app log verify)</translation>
    </message>
    <message>
        <source>all {count} hands hold; the ledger, its signed checkpoints and the anchor files agree</source>
        <translation>alla {count} händer håller; loggkedjan, dess signerade kontrollpunkter och ankarfilerna stämmer överens</translation>
    </message>
    <message>
        <source>newest checkpoint: {fingerprint} ({at} UTC, key {key})</source>
        <translation>senaste kontrollpunkt: {fingerprint} ({at} UTC, nyckel {key})</translation>
    </message>
    <message>
        <source>verify state saved: {file}</source>
        <translation>verifieringsläge sparat: {file}</translation>
    </message>
    <message>
        <source>unknown ({error})</source>
        <translation>okänt ({error})</translation>
    </message>
    <message>
        <source>key {old} replaced by {new}; both stay in {file}</source>
        <translation>nyckeln {old} ersattes av {new}; båda finns kvar i {file}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(ingen)</translation>
    </message>
    <message>
        <source>exporting</source>
        <translation>exporterar</translation>
    </message>
    <message>
        <source>wrote {count} hand records to {folder}</source>
        <translation>skrev {count} handposter till {folder}</translation>
    </message>
    <message>
        <source>cancelled; the files written are complete</source>
        <translation>avbrutet; de filer som skrevs är fullständiga</translation>
    </message>
    <message>
        <source>cancelled; nothing was imported</source>
        <translation>avbrutet; inget importerades</translation>
    </message>
    <message>
        <source>import {count} hand record(s)</source>
        <translation>importera {count} handprotokoll</translation>
    </message>
    <message>
        <source>importing</source>
        <translation>importerar</translation>
    </message>
    <message>
        <source>stored {file} as hand id {id}</source>
        <translation>sparade {file} som hand-id {id}</translation>
    </message>
    <message>
        <source>already stored {file} (hand id {id})</source>
        <translation>redan sparad {file} (hand-id {id})</translation>
    </message>
    <message>
        <source>REFUSED {file}: {reason}</source>
        <translation>REFUSED {file}: {reason}</translation>
    </message>
    <message>
        <source>cancelled; every record stored is whole (run the same import again to finish it)</source>
        <translation>avbrutet; varje sparad post är hel (kör samma import igen för att slutföra den)</translation>
    </message>
    <message>
        <source>dealer-app replay: {file}: {reason}</source>
        <translation>dealer-app replay: {file}: {reason}</translation>
    </message>
    <message>
        <source>dealer-app review: {error}</source>
        <translation>dealer-app review: {error}</translation>
    </message>
    <message>
        <source>dealer</source>
        <translation>dealer</translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation>inspektör</translation>
    </message>
    <message>
        <source>no PIN on standard input</source>
        <translation>ingen PIN-kod på standard in</translation>
    </message>
    <message>
        <source>Repeat the PIN: </source>
        <translation>Upprepa PIN-koden: </translation>
    </message>
    <message>
        <source>the two PINs differ</source>
        <translation>de två PIN-koderna skiljer sig åt</translation>
    </message>
    <message>
        <source>the database has no staff yet: add a supervisor first</source>
        <translation>databasen har ingen personal än: lägg först till en inspektör</translation>
    </message>
    <message>
        <source>--by SUPERVISOR is needed to add staff</source>
        <translation>--by INSPEKTÖR behövs för att lägga till personal</translation>
    </message>
    <message>
        <source>PIN for {name}: </source>
        <translation>PIN-kod för {name}: </translation>
    </message>
    <message>
        <source>trusted key {key}</source>
        <translation>litar på nyckel {key}</translation>
    </message>
    <message>
        <source>founder</source>
        <translation>grundare</translation>
    </message>
    <message>
        <source>admitted</source>
        <translation>godkänd</translation>
    </message>
    <message>
        <source>not admitted</source>
        <translation>inte godkänd</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>betrodd</translation>
    </message>
    <message>
        <source>NOT TRUSTED</source>
        <translation>INTE BETRODD</translation>
    </message>
    <message>
        <source> (this workstation)</source>
        <translation> (den här arbetsstationen)</translation>
    </message>
    <message>
        <source>wrote {count} trusted keys to {file}</source>
        <translation>skrev {count} betrodda nycklar till {file}</translation>
    </message>
    <message>
        <source>PIN of supervisor {name}: </source>
        <translation>PIN-kod för inspektören {name}: </translation>
    </message>
    <message>
        <source>admitted key {key} ({label})</source>
        <translation>godkände nyckel {key} ({label})</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>avbrutet</translation>
    </message>
    <message>
        <source>added {role} {name}</source>
        <translation>lade till {role} {name}</translation>
    </message>
    <message>
        <source>unlocked {name}</source>
        <translation>låste upp {name}</translation>
    </message>
    <message>
        <source>--reason is needed when a supervisor resets a PIN</source>
        <translation>--reason behövs när en inspektör återställer en PIN-kod</translation>
    </message>
    <message>
        <source>New PIN for {name}: </source>
        <translation>Ny PIN-kod för {name}: </translation>
    </message>
    <message>
        <source>Current PIN of {name}: </source>
        <translation>Nuvarande PIN-kod för {name}: </translation>
    </message>
    <message>
        <source>PIN of {name} changed</source>
        <translation>PIN-koden för {name} är bytt</translation>
    </message>
    <message>
        <source>The hand log cannot be opened, so no table can run:

{error}</source>
        <translation>Handloggen kan inte öppnas, så inget bord kan köras:

{error}</translation>
    </message>
    <message>
        <source>Undo #{seq}: {input}</source>
        <translation>Ångring #{seq}: {input}</translation>
    </message>
    <message>
        <source>Undo #{seq}</source>
        <translation>Ångring av #{seq}</translation>
    </message>
    <message>
        <source>Correction of #{seq}: {input}</source>
        <translation>Rättelse av #{seq}: {input}</translation>
    </message>
    <message>
        <source>#{seq} struck</source>
        <translation>#{seq} struken</translation>
    </message>
    <message>
        <source>{text} ({reason})</source>
        <translation>{text} ({reason})</translation>
    </message>
    <message>
        <source>Hand void: {reason}</source>
        <translation>Handen annullerad: {reason}</translation>
    </message>
    <message>
        <source>Hand void</source>
        <translation>Handen annullerad</translation>
    </message>
    <message>
        <source>sign in first</source>
        <translation>logga in först</translation>
    </message>
    <message>
        <source>open a table session first</source>
        <translation>öppna en session vid ett bord först</translation>
    </message>
    <message>
        <source>dual control for the new table</source>
        <translation>dubbelkontroll för det nya bordet</translation>
    </message>
    <message>
        <source>{kept} (not recorded: {input})</source>
        <translation>{kept} (inte registrerat: {input})</translation>
    </message>
    <message>
        <source>no hand in progress: press N to deal one</source>
        <translation>ingen hand pågår: tryck N för att ge en</translation>
    </message>
    <message>
        <source>Reconnecting… the database server does not answer; kept until it is back: {input}</source>
        <translation>Återansluter… databasservern svarar inte; sparas tills den är tillbaka: {input}</translation>
    </message>
    <message>
        <source>there is no input to undo</source>
        <translation>det finns ingen inmatning att ångra</translation>
    </message>
    <message>
        <source>there is no hand to correct</source>
        <translation>det finns ingen hand att rätta</translation>
    </message>
    <message>
        <source>no hand is being dealt: a misdeal is declared on the hand in progress (rule 11.2)</source>
        <translation>ingen hand ges: felgiv förklaras på pågående hand (regel 11.2)</translation>
    </message>
    <message>
        <source>Antes</source>
        <translation>Ante</translation>
    </message>
    <message>
        <source>post every missing ante</source>
        <translation>lägg alla ante som saknas</translation>
    </message>
    <message>
        <source>Bring-in</source>
        <translation>Bring-in</translation>
    </message>
    <message>
        <source>bring in</source>
        <translation>lägga bring-in</translation>
    </message>
    <message>
        <source>Bet</source>
        <translation>Satsa</translation>
    </message>
    <message>
        <source>bet (an amount box opens unless there is only one amount)</source>
        <translation>satsa (en beloppsruta öppnas om det inte finns bara ett belopp)</translation>
    </message>
    <message>
        <source>Raise</source>
        <translation>Höj</translation>
    </message>
    <message>
        <source>raise (as bet)</source>
        <translation>höj (som satsa)</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Syna</translation>
    </message>
    <message>
        <source>call</source>
        <translation>syna</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Checka</translation>
    </message>
    <message>
        <source>check</source>
        <translation>checka</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Lägg</translation>
    </message>
    <message>
        <source>fold</source>
        <translation>lägga sig</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Visa</translation>
    </message>
    <message>
        <source>show a recorded hole card (else type it)</source>
        <translation>visa ett registrerat hålkort (annars skriv det)</translation>
    </message>
    <message>
        <source>Muck</source>
        <translation>Kasta</translation>
    </message>
    <message>
        <source>muck at the showdown</source>
        <translation>kasta vid showdown</translation>
    </message>
    <message>
        <source>Next hand</source>
        <translation>Nästa hand</translation>
    </message>
    <message>
        <source>deal the next hand, once the pots are awarded</source>
        <translation>dela nästa hand när potterna är utdelade</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Ångra</translation>
    </message>
    <message>
        <source>undo the last input (recorded in the log)</source>
        <translation>ångra den senaste inmatningen (skrivs i loggen)</translation>
    </message>
    <message>
        <source>Call supervisor…</source>
        <translation>Tillkalla inspektör…</translation>
    </message>
    <message>
        <source>call the supervisor (a shown hole card that does not match)</source>
        <translation>tillkalla inspektören (ett visat hålkort som inte stämmer)</translation>
    </message>
    <message>
        <source>Misdeal…</source>
        <translation>Felgiv…</translation>
    </message>
    <message>
        <source>declare a misdeal or a card exposed on the deal (supervisor&apos;s PIN): the hand is voided (rule 11.2)</source>
        <translation>förklara felgiv eller ett kort som visats i given (inspektörens PIN-kod): handen annulleras (regel 11.2)</translation>
    </message>
    <message>
        <source>Call the floor…</source>
        <translation>Tillkalla floor…</translation>
    </message>
    <message>
        <source>call the floor (a dispute, chips, a player) with a short reason</source>
        <translation>tillkalla floor (en tvist, marker, en spelare) med en kort orsak</translation>
    </message>
    <message>
        <source>Floor</source>
        <translation>Floor</translation>
    </message>
    <message>
        <source>the floor view (supervisors)</source>
        <translation>floor-vyn (inspektörer)</translation>
    </message>
    <message>
        <source>Hole card</source>
        <translation>Hålkort</translation>
    </message>
    <message>
        <source>the next card is a hole card (first seat without one, or chosen)</source>
        <translation>nästa kort är ett hålkort (första plats utan hålkort, eller vald)</translation>
    </message>
    <message>
        <source>Show hole cards</source>
        <translation>Visa hålkort</translation>
    </message>
    <message>
        <source>hold: show the recorded hole cards (face down on the screen, which faces the table, until the showdown)</source>
        <translation>håll ned: visa de registrerade hålkorten (med baksidan upp på skärmen, som vetter mot bordet, fram till visningen)</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Granskning</translation>
    </message>
    <message>
        <source>the supervisor&apos;s hand log browser</source>
        <translation>inspektörens vy över handloggen</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tangenter</translation>
    </message>
    <message>
        <source>this key map (any key closes it)</source>
        <translation>den här tangentlistan (valfri tangent stänger den)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Avbryt</translation>
    </message>
    <message>
        <source>cancel the card typed, the seat chosen or the amount box</source>
        <translation>avbryt det skrivna kortet, den valda platsen eller beloppsrutan</translation>
    </message>
    <message>
        <source>the card of the seat due (or chosen); at showdown, the card shown</source>
        <translation>kortet till platsen i tur (eller den valda); vid showdown det visade kortet</translation>
    </message>
    <message>
        <source>Ctrl+1…6, a click on a seat</source>
        <translation>Ctrl+1…6, ett klick på en plats</translation>
    </message>
    <message>
        <source>the next card goes to that seat (rule 5.5)</source>
        <translation>nästa kort går till den platsen (regel 5.5)</translation>
    </message>
    <message>
        <source>digits, Enter</source>
        <translation>siffror, Enter</translation>
    </message>
    <message>
        <source>bet / raise amount (pre-filled with the minimum)</source>
        <translation>belopp att satsa / höja till (förifyllt med minimum)</translation>
    </message>
    <message>
        <source>in the amount box: pot / all-in</source>
        <translation>i beloppsrutan: pott / all-in</translation>
    </message>
    <message>
        <source>Hand {number}</source>
        <translation>Hand {number}</translation>
    </message>
    <message>
        <source>No hand yet</source>
        <translation>Ingen hand än</translation>
    </message>
    <message>
        <source>card</source>
        <comment>placeholder of the card entry</comment>
        <translation>kort</translation>
    </message>
    <message>
        <source>Hole card for {seat}: type it or pick it (Ctrl+1…6 or a click: another seat)</source>
        <translation>Hålkort för {seat}: skriv eller välj det (Ctrl+1…6 eller ett klick: en annan plats)</translation>
    </message>
    <message>
        <source>Card for {seat}: type it or pick it (Esc: back to the deal order)</source>
        <translation>Kort till {seat}: skriv eller välj det (Esc: tillbaka till givordningen)</translation>
    </message>
    <message>
        <source>Card &apos;{typed}&apos;: type the rest (its suit)</source>
        <translation>Kort &apos;{typed}&apos;: skriv resten (färgen)</translation>
    </message>
    <message>
        <source>Antes ×{count}</source>
        <translation>Ante ×{count}</translation>
    </message>
    <message>
        <source>Show (type card)</source>
        <translation>Visa (skriv kortet)</translation>
    </message>
    <message>
        <source>Something unexpected went wrong: {error}

The action in progress may not have been done; check the screen before going on. Inputs recorded before it are stored.

The details are in the log file:
{log_file}</source>
        <translation>Något oväntat gick fel: {error}

Åtgärden som pågick kanske inte utfördes; kontrollera skärmen innan du fortsätter. Inmatningar som registrerades före den är sparade.

Detaljerna finns i loggfilen:
{log_file}</translation>
    </message>
    <message>
        <source>dealer-app: unexpected error</source>
        <translation>dealer-app: oväntat fel</translation>
    </message>
    <message>
        <source>Seat {seat}</source>
        <translation>Plats {seat}</translation>
    </message>
    <message>
        <source>{who} brings in</source>
        <translation>{who} lägger bring-in</translation>
    </message>
    <message>
        <source>{who} bets</source>
        <translation>{who} satsar</translation>
    </message>
    <message>
        <source>{who} raises to</source>
        <translation>{who} höjer till</translation>
    </message>
    <message>
        <source>{who} calls</source>
        <translation>{who} synar</translation>
    </message>
    <message>
        <source>{who} checks</source>
        <translation>{who} checkar</translation>
    </message>
    <message>
        <source>{who} folds</source>
        <translation>{who} lägger sig</translation>
    </message>
    <message>
        <source>{who} brings in {amount}</source>
        <translation>{who} lägger bring-in {amount}</translation>
    </message>
    <message>
        <source>{who} bets {amount}</source>
        <translation>{who} satsar {amount}</translation>
    </message>
    <message>
        <source>{who} raises to {amount}</source>
        <translation>{who} höjer till {amount}</translation>
    </message>
    <message>
        <source>{who} calls {amount}</source>
        <translation>{who} synar {amount}</translation>
    </message>
    <message>
        <source>{who} antes</source>
        <translation>{who} lägger ante</translation>
    </message>
    <message>
        <source>{who} is dealt a card face down</source>
        <translation>{who} får ett kort med framsidan nedåt</translation>
    </message>
    <message>
        <source>{who} is dealt {card}</source>
        <translation>{who} får {card}</translation>
    </message>
    <message>
        <source>{who} shows {hand}</source>
        <translation>{who} visar {hand}</translation>
    </message>
    <message>
        <source>{who} shows</source>
        <translation>{who} visar</translation>
    </message>
    <message>
        <source>{who} mucks</source>
        <translation>{who} kastar</translation>
    </message>
    <message>
        <source>Main pot</source>
        <translation>Huvudpott</translation>
    </message>
    <message>
        <source>Side pot {number}</source>
        <translation>Sidopott {number}</translation>
    </message>
    <message>
        <source>{line}; no odd chip</source>
        <translation>{line}; ingen udda marker</translation>
    </message>
    <message>
        <source>{pot} {amount}: {winner} wins with {hand}</source>
        <translation>{pot} {amount}: {winner} vinner med {hand}</translation>
    </message>
    <message>
        <source>{pot} {amount}: {winner} wins</source>
        <translation>{pot} {amount}: {winner} vinner</translation>
    </message>
    <message>
        <source>{pot} {amount} split with {hand}: {shares}</source>
        <translation>{pot} {amount} delas med {hand}: {shares}</translation>
    </message>
    <message>
        <source>{pot} {amount} split: {shares}</source>
        <translation>{pot} {amount} delas: {shares}</translation>
    </message>
    <message>
        <source>{split} (odd chip {unit} to {names})</source>
        <translation>{split} (udda marker {unit} till {names})</translation>
    </message>
    <message>
        <source>Rake {amount}</source>
        <translation>Rake {amount}</translation>
    </message>
    <message>
        <source>This table is closed</source>
        <translation>Bordet är stängt</translation>
    </message>
    <message>
        <source>Table closed</source>
        <translation>Bordet är stängt</translation>
    </message>
    <message>
        <source>{who} to bring in {amount}</source>
        <translation>{who} ska lägga bring-in {amount}</translation>
    </message>
    <message>
        <source>{who} to act: {amount} to call</source>
        <translation>{who} på tur: {amount} att syna</translation>
    </message>
    <message>
        <source>{who} to act: may check</source>
        <translation>{who} på tur: kan checka</translation>
    </message>
    <message>
        <source>{who} to show</source>
        <translation>{who} ska visa</translation>
    </message>
    <message>
        <source>{who} to ante</source>
        <translation>{who} ska lägga ante</translation>
    </message>
    <message>
        <source>Hand void: every bet returned</source>
        <translation>Handen annullerad: alla satsningar återlämnade</translation>
    </message>
    <message>
        <source>Seat {seat} · open</source>
        <translation>Plats {seat} · ledig</translation>
    </message>
    <message>
        <source>wins {amount}</source>
        <translation>vinner {amount}</translation>
    </message>
    <message>
        <source>FOLDED</source>
        <translation>LAGT SIG</translation>
    </message>
    <message>
        <source>ALL-IN</source>
        <translation>ALL-IN</translation>
    </message>
    <message>
        <source>TO ACT</source>
        <translation>PÅ TUR</translation>
    </message>
    <message>
        <source>Americana</source>
        <translation>Americana</translation>
    </message>
    <message>
        <source>Hand {number} · {street}</source>
        <translation>Hand {number} · {street}</translation>
    </message>
    <message>
        <source>POT {amount}</source>
        <translation>POTT {amount}</translation>
    </message>
    <message>
        <source>Drive</source>
        <translation>Enhet</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Mapp</translation>
    </message>
    <message>
        <source>{suffix} File</source>
        <translation>{suffix}-fil</translation>
    </message>
    <message>
        <source>File</source>
        <comment>kind of an entry in a file dialog</comment>
        <translation>Fil</translation>
    </message>
    <message>
        <source>{path} is the hand log database (or one of its files); nothing was written. Choose another file name.</source>
        <translation>{path} är handloggens databas (eller en av dess filer); inget skrevs. Välj ett annat filnamn.</translation>
    </message>
    <message>
        <source>{table} · {kind} · hand {hand} · {age} ago</source>
        <translation>{table} · {kind} · hand {hand} · för {age} sedan</translation>
    </message>
    <message>
        <source>{table} · {kind} · {age} ago</source>
        <translation>{table} · {kind} · för {age} sedan</translation>
    </message>
    <message>
        <source>{reason} (dealer {dealer})</source>
        <translation>{reason} (dealer {dealer})</translation>
    </message>
    <message>
        <source>On the way: {name}</source>
        <translation>På väg: {name}</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Anrop</translation>
    </message>
    <message>
        <source>On my way (acknowledge)</source>
        <translation>På väg (kvittera)</translation>
    </message>
    <message>
        <source>Resolve with a note…</source>
        <translation>Avsluta med en anteckning…</translation>
    </message>
    <message>
        <source>Answered this shift (none)</source>
        <translation>Besvarade detta skift (inga)</translation>
    </message>
    <message>
        <source>Calls ({count} open)</source>
        <translation>Anrop ({count} öppna)</translation>
    </message>
    <message>
        <source>Calls (none open)</source>
        <translation>Anrop (inga öppna)</translation>
    </message>
    <message>
        <source>{time} {table} · {line}</source>
        <translation>{time} {table} · {line}</translation>
    </message>
    <message>
        <source>Answered this shift ({count})</source>
        <translation>Besvarade detta skift ({count})</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Inspektör</translation>
    </message>
    <message>
        <source>Sign in to answer calls.</source>
        <translation>Logga in för att svara på anrop.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Namn</translation>
    </message>
    <message>
        <source>PIN</source>
        <translation>PIN-kod</translation>
    </message>
    <message>
        <source>Resolve the call at {table}</source>
        <translation>Avsluta anropet vid {table}</translation>
    </message>
    <message>
        <source>{kind}: {reason}</source>
        <translation>{kind}: {reason}</translation>
    </message>
    <message>
        <source>what was done</source>
        <translation>vad som gjordes</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Anteckning</translation>
    </message>
    <message>
        <source>Write what was done: a resolved call needs a note.</source>
        <translation>Skriv vad som gjordes: ett avslutat anrop behöver en anteckning.</translation>
    </message>
    <message>
        <source>Call the floor</source>
        <translation>Kalla på floor</translation>
    </message>
    <message>
        <source>e.g. seat 3 disputes the pot</source>
        <translation>t.ex. plats 3 ifrågasätter potten</translation>
    </message>
    <message>
        <source>Last hands: the table closes after them</source>
        <translation>Sista givarna: bordet stänger efter dem</translation>
    </message>
    <message>
        <source>About</source>
        <translation>Gäller</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Skäl</translation>
    </message>
    <message>
        <source>Say in a few words why the floor is needed.</source>
        <translation>Säg med några ord varför floor behövs.</translation>
    </message>
    <message>
        <source>NO FLOOR VIEW IS OPEN: nobody sees this call on a screen. Phone or send for the floor.</source>
        <translation>INGEN GOLVVY ÄR ÖPPEN: ingen ser anropet på en skärm. Ring eller skicka efter golvet.</translation>
    </message>
    <message>
        <source>Floor call ({kind}) resolved by {name}: {note}</source>
        <translation>Floor-anrop ({kind}) avslutat av {name}: {note}</translation>
    </message>
    <message>
        <source>Floor call ({kind}) ACKNOWLEDGED — {name} is on the way</source>
        <translation>Floor-anrop ({kind}) KVITTERAT — {name} är på väg</translation>
    </message>
    <message>
        <source>Floor call ({kind}) sent — waiting for the floor</source>
        <translation>Floor-anrop ({kind}) skickat — väntar på floor</translation>
    </message>
    <message>
        <source>open a table first: a call names the table</source>
        <translation>öppna ett bord först: ett anrop anger bordet</translation>
    </message>
    <message>
        <source>the floor was not called: {error}</source>
        <translation>floor kallades inte: {error}</translation>
    </message>
    <message>
        <source>the closing was not announced: {error}</source>
        <translation>stängningen aviserades inte: {error}</translation>
    </message>
    <message>
        <source>seat {seat} shows {card}: not the hole card recorded (rule 9.5)</source>
        <translation>plats {seat} visar {card}: inte det registrerade hålkortet (regel 9.5)</translation>
    </message>
    <message>
        <source>The floor view is for a supervisor: name and PIN. The dealer keeps the table.</source>
        <translation>Golvvyn är för en inspektör: namn och PIN. Dealern behåller bordet.</translation>
    </message>
    <message>
        <source>the floor view was not opened: {error}</source>
        <translation>golvvyn öppnades inte: {error}</translation>
    </message>
    <message>
        <source>{key} opens the floor view for a supervisor; {name} is a dealer</source>
        <translation>{key} öppnar golvvyn för en inspektör; {name} är dealer</translation>
    </message>
    <message>
        <source>{table} — live (read-only)</source>
        <translation>{table} — live (skrivskyddad)</translation>
    </message>
    <message>
        <source>VOID — every contribution was returned to its player</source>
        <translation>ANNULLERAD — varje insats återlämnades till sin spelare</translation>
    </message>
    <message>
        <source>hand {number}</source>
        <translation>hand {number}</translation>
    </message>
    <message>
        <source>no hand yet</source>
        <translation>ingen hand än</translation>
    </message>
    <message>
        <source>no dealer</source>
        <translation>ingen dealer</translation>
    </message>
    <message>
        <source>{table} · {settings} · session open · {hand} · read-only: the dealer records every input</source>
        <translation>{table} · {settings} · session öppen · {hand} · skrivskyddad: dealern registrerar varje inmatning</translation>
    </message>
    <message>
        <source>{table} · {settings} · session closed · {hand} · read-only: the dealer records every input</source>
        <translation>{table} · {settings} · session stängd · {hand} · skrivskyddad: dealern registrerar varje inmatning</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} s</translation>
    </message>
    <message>
        <source>{minutes} min</source>
        <translation>{minutes} min</translation>
    </message>
    <message>
        <source>{hours} h {minutes} min</source>
        <translation>{hours} h {minutes} min</translation>
    </message>
    <message>
        <source>Seated {seats}</source>
        <translation>Sitter {seats}</translation>
    </message>
    <message>
        <source>Nobody seated</source>
        <translation>Ingen sitter</translation>
    </message>
    <message>
        <source>free {seats}</source>
        <translation>lediga {seats}</translation>
    </message>
    <message>
        <source>no free seat</source>
        <translation>ingen ledig plats</translation>
    </message>
    <message>
        <source>sitting out {seats}</source>
        <translation>står över {seats}</translation>
    </message>
    <message>
        <source>CLOSING · last hands · {seated}/6 seats</source>
        <translation>STÄNGER · sista givarna · {seated}/6 platser</translation>
    </message>
    <message>
        <source>Announced by {name}</source>
        <translation>Aviserat av {name}</translation>
    </message>
    <message>
        <source>Open · {seated}/6 seats</source>
        <translation>Öppet · {seated}/6 platser</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Stängd</translation>
    </message>
    <message>
        <source>Dealer {name}</source>
        <translation>Dealer {name}</translation>
    </message>
    <message>
        <source>No dealer</source>
        <translation>Ingen dealer</translation>
    </message>
    <message>
        <source>Hand {number} · {street} · pot {pot}</source>
        <translation>Hand {number} · {street} · pott {pot}</translation>
    </message>
    <message>
        <source>{count} hands in the last hour</source>
        <translation>{count} händer senaste timmen</translation>
    </message>
    <message>
        <source> (+{count})</source>
        <translation> (+{count})</translation>
    </message>
    <message>
        <source>CALL {kind} — on the way</source>
        <translation>ANROP {kind} — på väg</translation>
    </message>
    <message>
        <source>CALL {kind}</source>
        <translation>ANROP {kind}</translation>
    </message>
    <message>
        <source>Dealer {name} · {time} in the box</source>
        <translation>Dealer {name} · {time} vid bordet</translation>
    </message>
    <message>
        <source>no input yet</source>
        <translation>ingen inmatning än</translation>
    </message>
    <message>
        <source>STALE · opened {time} ago, no input since</source>
        <translation>INAKTIVT · öppnat för {time} sedan, ingen inmatning sedan dess</translation>
    </message>
    <message>
        <source>opened {time} ago, no input since</source>
        <translation>öppnat för {time} sedan, ingen inmatning sedan dess</translation>
    </message>
    <message>
        <source>STALE · last input {time} ago</source>
        <translation>INAKTIVT · senaste inmatning för {time} sedan</translation>
    </message>
    <message>
        <source>last input {time} ago</source>
        <translation>senaste inmatning för {time} sedan</translation>
    </message>
    <message>
        <source>Cancel the closing</source>
        <translation>Ångra stängningen</translation>
    </message>
    <message>
        <source>Announce closing (last hands)…</source>
        <translation>Avisera stängning (sista givarna)…</translation>
    </message>
    <message>
        <source>Americana — floor</source>
        <translation>Americana — floor</translation>
    </message>
    <message>
        <source>Every game</source>
        <translation>Alla spel</translation>
    </message>
    <message>
        <source>Waiting lists</source>
        <translation>Väntelistor</translation>
    </message>
    <message>
        <source>Cannot read the floor: {error}</source>
        <translation>Kan inte läsa floor: {error}</translation>
    </message>
    <message>
        <source>Call at {table}: {kind} — {reason}</source>
        <translation>Anrop vid {table}: {kind} — {reason}</translation>
    </message>
    <message>
        <source>CALL at {table}: {kind} — {reason} · waiting {age}</source>
        <translation>ANROP vid {table}: {kind} — {reason} · väntar {age}</translation>
    </message>
    <message>
        <source>{call} (+{count} more waiting)</source>
        <translation>{call} (+{count} till väntar)</translation>
    </message>
    <message>
        <source>ESCALATED — unanswered for {age}: {call}</source>
        <translation>ESKALERAT — obesvarat i {age}: {call}</translation>
    </message>
    <message>
        <source>Tables open: {count}</source>
        <translation>Öppna bord: {count}</translation>
    </message>
    <message>
        <source>Players seated: {count}</source>
        <translation>Spelare vid borden: {count}</translation>
    </message>
    <message>
        <source>Waiting: {count}</source>
        <translation>Väntande: {count}</translation>
    </message>
    <message>
        <source>Hands in the last hour: {count}</source>
        <translation>Händer senaste timmen: {count}</translation>
    </message>
    <message>
        <source>Rake today: {amount}</source>
        <translation>Rake i dag: {amount}</translation>
    </message>
    <message>
        <source>Open calls: {count}</source>
        <translation>Öppna anrop: {count}</translation>
    </message>
    <message>
        <source>{name} is not a supervisor</source>
        <translation>{name} är inte inspektör</translation>
    </message>
    <message>
        <source>every game</source>
        <translation>alla spel</translation>
    </message>
    <message>
        <source>Next for a free seat: {player}</source>
        <translation>Näst på tur till en ledig plats: {player}</translation>
    </message>
    <message>
        <source>Choose the game in the filter first: each game has its own list.</source>
        <translation>Välj spelet i filtret först: varje spel har sin egen lista.</translation>
    </message>
    <message>
        <source>No open table of this game has a free seat.</source>
        <translation>Inget öppet bord med detta spel har en ledig plats.</translation>
    </message>
    <message>
        <source>Take off the list</source>
        <translation>Ta bort från listan</translation>
    </message>
    <message>
        <source>Why does the player come off the list?</source>
        <translation>Varför tas spelaren bort från listan?</translation>
    </message>
    <message>
        <source>{next} deals · {antes} posts the antes · type each card (as, td, 10h) · {bring_in} brings in · {bet} bet, {raise_key} raise, {call} call, {check} check, {fold} fold · at the showdown, type each hole card to show it.</source>
        <translation>{next} ger · {antes} tar in ante · skriv varje kort (as, td, 10h) · {bring_in} bring-in · {bet} satsa, {raise_key} höj, {call} syna, {check} checka, {fold} lägg · vid showdown: skriv varje hålkort för att visa det.</translation>
    </message>
    <message>
        <source>Create a table</source>
        <translation>Skapa ett bord</translation>
    </message>
    <message>
        <source>On the tables page: a name, the ante and chip unit, the structure, then Create.</source>
        <translation>På bordssidan: ett namn, ante och markerenhet, strukturen, sedan Skapa.</translation>
    </message>
    <message>
        <source>Add a dealer</source>
        <translation>Lägg till en dealer</translation>
    </message>
    <message>
        <source>In the Staff box: the dealer&apos;s name and PIN, then Add.</source>
        <translation>I rutan Personal: dealerns namn och PIN-kod, sedan Lägg till.</translation>
    </message>
    <message>
        <source>Seat two players</source>
        <translation>Placera två spelare</translation>
    </message>
    <message>
        <source>Open the table. Players tab: the seat, the chips, the name, then Seat (twice).</source>
        <translation>Öppna bordet. Fliken Spelare: platsen, markerna, namnet, sedan Placera (två gånger).</translation>
    </message>
    <message>
        <source>Deal one practice hand</source>
        <translation>Ge en övningshand</translation>
    </message>
    <message>
        <source>Your first table: practice</source>
        <translation>Ditt första bord: övning</translation>
    </message>
    <message>
        <source>This practice table has its own database: nothing here reaches the real hand log. Your practice PIN is {pin}.</source>
        <translation>Övningsbordet har en egen databas: inget härifrån når den riktiga handloggen. Din PIN-kod för övningen är {pin}.</translation>
    </message>
    <message>
        <source>Close the practice</source>
        <translation>Avsluta övningen</translation>
    </message>
    <message>
        <source>Done: the real table is waiting in the other window.</source>
        <translation>Klart: det riktiga bordet väntar i det andra fönstret.</translation>
    </message>
    <message>
        <source>dealer-app — practice table (not recorded)</source>
        <translation>dealer-app — övningsbord (registreras inte)</translation>
    </message>
    <message>
        <source>Welcome to dealer-app</source>
        <translation>Välkommen till dealer-app</translation>
    </message>
    <message>
        <source>The hand log is ready. Would you like to run a practice table first? It creates a table, adds a dealer, seats two players and deals one hand with you, step by step, on a separate practice database.</source>
        <translation>Handloggen är klar. Vill du köra ett övningsbord först? Det skapar ett bord, lägger till en dealer, placerar två spelare och ger en hand tillsammans med dig, steg för steg, i en separat övningsdatabas.</translation>
    </message>
    <message>
        <source>Practice table</source>
        <translation>Övningsbord</translation>
    </message>
    <message>
        <source>Demo floor</source>
        <translation>Demo-floor</translation>
    </message>
    <message>
        <source>A separate database with tables, sessions and hands played, opened in the supervisor&apos;s review</source>
        <translation>En separat databas med bord, sessioner och spelade händer, öppnad i inspektörens granskning</translation>
    </message>
    <message>
        <source>Start working</source>
        <translation>Börja arbeta</translation>
    </message>
    <message>
        <source>Playing the demo floor&apos;s hands…</source>
        <translation>Spelar demo-floorens händer…</translation>
    </message>
    <message>
        <source>dealer-app — DEMO floor, not the real hand log (PINs: {pins})</source>
        <translation>dealer-app — DEMO-floor, inte den riktiga handloggen (PIN-koder: {pins})</translation>
    </message>
    <message>
        <source>another workstation took this table over: this window records nothing more; sign out, or open the table again to take it back</source>
        <translation>en annan arbetsstation har tagit över bordet: det här fönstret registrerar inget mer; logga ut, eller öppna bordet igen för att ta tillbaka det</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Plats</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Spelare</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>Stack</translation>
    </message>
    <message>
        <source>Cards</source>
        <translation>Kort</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Pot</source>
        <translation>Pott</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Belopp</translation>
    </message>
    <message>
        <source>Eligible seats</source>
        <translation>Berättigade platser</translation>
    </message>
    <message>
        <source>Awarded</source>
        <translation>Utdelat</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Tid</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Av</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Inmatning</translation>
    </message>
    <message>
        <source>2nd</source>
        <translation>2:a</translation>
    </message>
    <message>
        <source>3rd</source>
        <translation>3:e</translation>
    </message>
    <message>
        <source>4th</source>
        <translation>4:e</translation>
    </message>
    <message>
        <source>5th</source>
        <translation>5:e</translation>
    </message>
    <message>
        <source>Round 1 (2nd street)</source>
        <translation>Runda 1 (2:a gatan)</translation>
    </message>
    <message>
        <source>Round 2 (3rd street)</source>
        <translation>Runda 2 (3:e gatan)</translation>
    </message>
    <message>
        <source>Round 3 (4th street)</source>
        <translation>Runda 3 (4:e gatan)</translation>
    </message>
    <message>
        <source>Round 4 (5th street)</source>
        <translation>Runda 4 (5:e gatan)</translation>
    </message>
    <message>
        <source>ante</source>
        <translation>lägga ante</translation>
    </message>
    <message>
        <source>deal-down</source>
        <translation>giv dolt</translation>
    </message>
    <message>
        <source>deal-up</source>
        <translation>giv öppet</translation>
    </message>
    <message>
        <source>bring-in</source>
        <translation>bring-in</translation>
    </message>
    <message>
        <source>bet</source>
        <translation>satsa</translation>
    </message>
    <message>
        <source>raise</source>
        <translation>höja</translation>
    </message>
    <message>
        <source>show</source>
        <translation>visa</translation>
    </message>
    <message>
        <source>muck</source>
        <translation>kasta</translation>
    </message>
    <message>
        <source>Seat {seat} ({name})</source>
        <translation>Plats {seat} ({name})</translation>
    </message>
    <message>
        <source>seat {seat} ({name})</source>
        <translation>plats {seat} ({name})</translation>
    </message>
    <message>
        <source>seat {seat}</source>
        <translation>plats {seat}</translation>
    </message>
    <message>
        <source>{items} or {last}</source>
        <translation>{items} eller {last}</translation>
    </message>
    <message>
        <source>{items} and {last}</source>
        <translation>{items} och {last}</translation>
    </message>
    <message>
        <source>Between hands</source>
        <translation>Mellan händer</translation>
    </message>
    <message>
        <source>Dealing {street} street</source>
        <translation>Delar {street} gatan</translation>
    </message>
    <message>
        <source>Showdown</source>
        <translation>Showdown</translation>
    </message>
    <message>
        <source>Hand complete</source>
        <translation>Handen klar</translation>
    </message>
    <message>
        <source>bring in {amount}</source>
        <translation>lägga bring-in {amount}</translation>
    </message>
    <message>
        <source>bet {amount}</source>
        <translation>satsa {amount}</translation>
    </message>
    <message>
        <source>raise to {amount}</source>
        <translation>höja till {amount}</translation>
    </message>
    <message>
        <source>call {amount} (all-in)</source>
        <translation>syna {amount} (all-in)</translation>
    </message>
    <message>
        <source>call {amount}</source>
        <translation>syna {amount}</translation>
    </message>
    <message>
        <source>{seats}: no chips — rebuy or cash out</source>
        <translation>{seats}: inga marker — köp in igen eller lös ut</translation>
    </message>
    <message>
        <source>Seat at least two players to deal a hand</source>
        <translation>Placera minst två spelare för att dela en hand</translation>
    </message>
    <message>
        <source>Press {key} to deal the next hand</source>
        <translation>Tryck {key} för att dela nästa hand</translation>
    </message>
    <message>
        <source>Hand complete: {winners} won — press {key} for the next hand</source>
        <translation>Handen klar: {winners} vann — tryck {key} för nästa hand</translation>
    </message>
    <message>
        <source>Antes of {ante}: seat {seats} — press {key} for all</source>
        <translation>Ante {ante}: plats {seats} — tryck {key} för alla</translation>
    </message>
    <message>
        <source>Antes of {ante}: seats {seats} — press {key} for all</source>
        <translation>Ante {ante}: platserna {seats} — tryck {key} för alla</translation>
    </message>
    <message>
        <source>Deal the hole card and 2nd card: {seat} — type the up card</source>
        <translation>Dela hålkortet och 2:a kortet: {seat} — skriv det öppna kortet</translation>
    </message>
    <message>
        <source>Deal {street} street: {seat}</source>
        <translation>Dela {street} gatan: {seat}</translation>
    </message>
    <message>
        <source>{seat} must bring in {amount} (or open with a bet)</source>
        <translation>{seat} måste lägga bring-in {amount} (eller öppna med en satsning)</translation>
    </message>
    <message>
        <source>{seat} must bring in {amount}</source>
        <translation>{seat} måste lägga bring-in {amount}</translation>
    </message>
    <message>
        <source>{seat} to act: {options}</source>
        <translation>{seat} i tur: {options}</translation>
    </message>
    <message>
        <source>type the hole card</source>
        <translation>skriv hålkortet</translation>
    </message>
    <message>
        <source>press {key} to show</source>
        <translation>tryck {key} för att visa</translation>
    </message>
    <message>
        <source>Showdown: {seat} shows first — {card}</source>
        <translation>Showdown: {seat} visar först — {card}</translation>
    </message>
    <message>
        <source>Showdown: {seat} shows or mucks — {card}, or {key} to muck</source>
        <translation>Showdown: {seat} visar eller kastar — {card}, eller {key} för att kasta</translation>
    </message>
    <message>
        <source>Showdown: {seat} must show — {card}</source>
        <translation>Showdown: {seat} måste visa — {card}</translation>
    </message>
    <message>
        <source>no hand in progress: seat at least two players to deal one</source>
        <translation>ingen hand pågår: placera minst två spelare för att dela en</translation>
    </message>
    <message>
        <source>no hand in progress: press {key} to deal one</source>
        <translation>ingen hand pågår: tryck {key} för att dela en</translation>
    </message>
    <message>
        <source>the hand is complete: press {key} for the next hand</source>
        <translation>handen är klar: tryck {key} för nästa hand</translation>
    </message>
    <message>
        <source>antes first: press {key} to post every missing ante</source>
        <translation>ante först: tryck {key} för att lägga alla ante som saknas</translation>
    </message>
    <message>
        <source>{street} street is being dealt: type the card of {seat}</source>
        <translation>{street} gatan delas: skriv kortet för {seat}</translation>
    </message>
    <message>
        <source>betting is open: {seat} to act ({keys})</source>
        <translation>satsningsrundan pågår: {seat} i tur ({keys})</translation>
    </message>
    <message>
        <source>showdown: {seat} to show or muck ({key})</source>
        <translation>showdown: {seat} ska visa eller kasta ({key})</translation>
    </message>
    <message>
        <source>showdown: {seat} to show</source>
        <translation>showdown: {seat} ska visa</translation>
    </message>
    <message>
        <source>{pot} of {amount} (rake {rake})</source>
        <translation>{pot} på {amount} (rake {rake})</translation>
    </message>
    <message>
        <source>{pot} of {amount}</source>
        <translation>{pot} på {amount}</translation>
    </message>
    <message>
        <source>{pot}: {seat} wins {amount} (the only player left in it)</source>
        <translation>{pot}: {seat} vinner {amount} (enda spelaren kvar i den)</translation>
    </message>
    <message>
        <source>{pot}: {seat} wins {amount} with {hand}</source>
        <translation>{pot}: {seat} vinner {amount} med {hand}</translation>
    </message>
    <message>
        <source>{pot}: {seat} wins {amount}</source>
        <translation>{pot}: {seat} vinner {amount}</translation>
    </message>
    <message>
        <source>equal hands</source>
        <translation>lika händer</translation>
    </message>
    <message>
        <source>{pot}: split between tied hands ({hand}): {shares}</source>
        <translation>{pot}: delas mellan lika händer ({hand}): {shares}</translation>
    </message>
    <message>
        <source>{line}; odd chips of {unit} to {seats}, the tied winner nearest the dealer box clockwise (rule 10.3)</source>
        <translation>{line}; udda marker på {unit} till {seats}, den delande vinnaren närmast dealern medurs (regel 10.3)</translation>
    </message>
    <message>
        <source>{line}; odd chip of {unit} to {seats}, the tied winner nearest the dealer box clockwise (rule 10.3)</source>
        <translation>{line}; udda marker på {unit} till {seats}, den delande vinnaren närmast dealern medurs (regel 10.3)</translation>
    </message>
    <message>
        <source>Supervisor act</source>
        <translation>Inspektörsåtgärd</translation>
    </message>
    <message>
        <source>Sign-in</source>
        <translation>Inloggning</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Nekad</translation>
    </message>
    <message>
        <source>Lockout</source>
        <translation>Spärr</translation>
    </message>
    <message>
        <source>Unlock</source>
        <translation>Upplåsning</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Övrigt</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Revisionslogg</translation>
    </message>
    <message>
        <source>any staff</source>
        <translation>all personal</translation>
    </message>
    <message>
        <source>Every kind</source>
        <translation>Alla typer</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Sedan</translation>
    </message>
    <message>
        <source>Staff</source>
        <translation>Personal</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exportera CSV…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Stäng</translation>
    </message>
    <message>
        <source>{count} entry</source>
        <translation>{count} post</translation>
    </message>
    <message>
        <source>{count} entries</source>
        <translation>{count} poster</translation>
    </message>
    <message>
        <source>No audit entry matches these filters.</source>
        <translation>Ingen post i revisionsloggen matchar filtren.</translation>
    </message>
    <message>
        <source>Export the audit log</source>
        <translation>Exportera revisionsloggen</translation>
    </message>
    <message>
        <source>Must move first: {player} from {table}</source>
        <translation>Måste flytta först: {player} från {table}</translation>
    </message>
    <message>
        <source>Must-move table for {table}</source>
        <translation>Flyttbord till {table}</translation>
    </message>
    <message>
        <source>Shift report (PDF)</source>
        <translation>Skiftrapport (PDF)</translation>
    </message>
    <message>
        <source>Shift figures (CSV)</source>
        <translation>Skiftsiffror (CSV)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV-filer (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write {path}: {error}</source>
        <translation>Kan inte skriva {path}: {error}</translation>
    </message>
    <message>
        <source>Written to {path}</source>
        <translation>Skrivet till {path}</translation>
    </message>
    <message>
        <source>Export failed: {error}</source>
        <translation>Exporten misslyckades: {error}</translation>
    </message>
    <message>
        <source>{count} entries written to {path}</source>
        <translation>{count} poster skrivna till {path}</translation>
    </message>
    <message>
        <source>{who} is dealt</source>
        <translation>{who} får</translation>
    </message>
    <message>
        <source>{who} antes {amount}</source>
        <translation>{who} lägger ante {amount}</translation>
    </message>
    <message>
        <source>be dealt a card face down</source>
        <translation>få ett kort med framsidan nedåt</translation>
    </message>
    <message>
        <source>be dealt a card</source>
        <translation>få ett kort</translation>
    </message>
    <message>
        <source>Start of the hand</source>
        <translation>Handens början</translation>
    </message>
    <message>
        <source>{input} (all in)</source>
        <translation>{input} (all-in)</translation>
    </message>
    <message>
        <source>{input} — the pots are awarded</source>
        <translation>{input} — potterna delas ut</translation>
    </message>
    <message>
        <source>Hand complete: pots awarded.</source>
        <translation>Handen klar: potterna utdelade.</translation>
    </message>
    <message>
        <source>{choices} or {last}</source>
        <translation>{choices} eller {last}</translation>
    </message>
    <message>
        <source>act</source>
        <translation>agera</translation>
    </message>
    <message>
        <source>Next: {who} to {choice}.</source>
        <translation>Nästa: {who} ska {choice}.</translation>
    </message>
    <message>
        <source>Stacks over the session</source>
        <translation>Stackar under sessionen</translation>
    </message>
    <message>
        <source>No hands in this session yet</source>
        <translation>Inga händer i sessionen ännu</translation>
    </message>
    <message>
        <source>stack ({unit})</source>
        <translation>stack ({unit})</translation>
    </message>
    <message>
        <source>stack</source>
        <translation>stack</translation>
    </message>
    <message>
        <source>start</source>
        <comment>chart axis</comment>
        <translation>start</translation>
    </message>
    <message>
        <source>hand number</source>
        <translation>handnummer</translation>
    </message>
    <message>
        <source>Account locked: {reason}</source>
        <translation>Kontot är låst: {reason}</translation>
    </message>
    <message>
        <source>Refused: {reason}</source>
        <translation>Nekad: {reason}</translation>
    </message>
    <message>
        <source>Not allowed: {reason}</source>
        <translation>Inte tillåtet: {reason}</translation>
    </message>
    <message>
        <source>supervisor&apos;s name</source>
        <translation>inspektörens namn</translation>
    </message>
    <message>
        <source>Change the PIN of {name}: type the PIN you use now, then the new one twice.</source>
        <translation>Byt PIN-kod för {name}: skriv den PIN-kod du har nu och sedan den nya två gånger.</translation>
    </message>
    <message>
        <source>Change PIN</source>
        <translation>Byt PIN-kod</translation>
    </message>
    <message>
        <source>PIN now</source>
        <translation>PIN-kod nu</translation>
    </message>
    <message>
        <source>New PIN</source>
        <translation>Ny PIN-kod</translation>
    </message>
    <message>
        <source>New PIN again</source>
        <translation>Ny PIN-kod igen</translation>
    </message>
    <message>
        <source>Type the PIN you use now and the new PIN.</source>
        <translation>Skriv den PIN-kod du har nu och den nya.</translation>
    </message>
    <message>
        <source>The two new PINs differ: type them again.</source>
        <translation>De två nya PIN-koderna skiljer sig: skriv dem igen.</translation>
    </message>
    <message>
        <source>{name}&apos;s PIN is changed; sign in with the new one from now on.</source>
        <translation>PIN-koden för {name} är bytt; logga in med den nya från och med nu.</translation>
    </message>
    <message>
        <source>Reset PIN</source>
        <translation>Återställ PIN-kod</translation>
    </message>
    <message>
        <source>Set a new PIN for another staff member (one they forgot); it also lifts a lock after wrong PINs. Authorised by {name}; kept in the audit record.</source>
        <translation>Ange en ny PIN-kod för en annan anställd (en bortglömd); det häver också en spärr efter fel PIN-koder. Godkänt av {name}; sparas i revisionsloggen.</translation>
    </message>
    <message>
        <source>why (required; kept in the audit record)</source>
        <translation>varför (krävs; sparas i revisionsloggen)</translation>
    </message>
    <message>
        <source>Type the name of the account whose PIN to reset.</source>
        <translation>Skriv namnet på kontot vars PIN-kod ska återställas.</translation>
    </message>
    <message>
        <source>Type the new PIN twice.</source>
        <translation>Skriv den nya PIN-koden två gånger.</translation>
    </message>
    <message>
        <source>{name} has a new PIN and is not locked; tell them in person.</source>
        <translation>{name} har en ny PIN-kod och är inte spärrad; berätta den personligen.</translation>
    </message>
    <message>
        <source>Ctrl+Enter confirms</source>
        <translation>Ctrl+Enter bekräftar</translation>
    </message>
    <message>
        <source>another supervisor&apos;s name</source>
        <translation>en annan inspektörs namn</translation>
    </message>
    <message>
        <source>Second supervisor</source>
        <translation>Andra inspektör</translation>
    </message>
    <message>
        <source>Their PIN</source>
        <translation>Dennes PIN-kod</translation>
    </message>
    <message>
        <source>Above this table&apos;s dual-control amount of {limit}: a second, different supervisor confirms with their PIN.</source>
        <translation>Över bordets gräns för dubbelkontroll på {limit}: en andra, annan inspektör bekräftar med sin PIN-kod.</translation>
    </message>
    <message>
        <source>Enter the supervisor&apos;s name and PIN.</source>
        <translation>Ange inspektörens namn och PIN-kod.</translation>
    </message>
    <message>
        <source>Write the reason for this act.</source>
        <translation>Skriv skälet till åtgärden.</translation>
    </message>
    <message>
        <source>Enter the second supervisor&apos;s name and PIN.</source>
        <translation>Ange den andra inspektörens namn och PIN-kod.</translation>
    </message>
    <message>
        <source>Every player&apos;s chips are back as they were before the hand.</source>
        <translation>Alla spelares marker är tillbaka som före handen.</translation>
    </message>
    <message>
        <source>{player} is owed {amount}</source>
        <translation>{player} har {amount} att få</translation>
    </message>
    <message>
        <source>{player} owes {amount}</source>
        <translation>{player} är skyldig {amount}</translation>
    </message>
    <message>
        <source>The players still seated have their chips back; for players who had left: {owed} (in the session&apos;s chip reconciliation).</source>
        <translation>Spelarna som sitter kvar har fått tillbaka sina marker; för spelare som gått: {owed} (i sessionens markeravstämning).</translation>
    </message>
    <message>
        <source>{hand} is void. {chips}</source>
        <translation>{hand} är annullerad. {chips}</translation>
    </message>
    <message>
        <source>Void {hand} ({detail}). Each player&apos;s result in it is taken back; the hand stays in the log, marked void.</source>
        <translation>Annullera {hand} ({detail}). Varje spelares resultat i den tas tillbaka; handen står kvar i loggen, markerad som annullerad.</translation>
    </message>
    <message>
        <source>{players} left the table since: what the void takes back for them is kept as chips owed in the session&apos;s chip reconciliation.</source>
        <translation>{players} har lämnat bordet sedan dess: det annulleringen tar tillbaka för dem bokförs som marker att reglera i sessionens markeravstämning.</translation>
    </message>
    <message>
        <source>Void hand</source>
        <translation>Annullera hand</translation>
    </message>
    <message>
        <source>{table} hand {number}</source>
        <translation>{table} hand {number}</translation>
    </message>
    <message>
        <source>hand id {id}</source>
        <translation>hand-id {id}</translation>
    </message>
    <message>
        <source>pot {pot}, {status}</source>
        <translation>pott {pot}, {status}</translation>
    </message>
    <message>
        <source>Seat {seat} ({player}) adjusted by {amount}: stack {stack}.</source>
        <translation>Plats {seat} ({player}) justerad med {amount}: stack {stack}.</translation>
    </message>
    <message>
        <source>Adjust stack</source>
        <translation>Justera stack</translation>
    </message>
    <message>
        <source>Adjust a stack at {table}, session {session}.</source>
        <translation>Justera en stack vid {table}, session {session}.</translation>
    </message>
    <message>
        <source>Seat {seat} — {player} ({stack})</source>
        <translation>Plats {seat} — {player} ({stack})</translation>
    </message>
    <message>
        <source>Amount (± multiple of {unit})</source>
        <translation>Belopp (± multipel av {unit})</translation>
    </message>
    <message>
        <source>Nobody is seated in this session.</source>
        <translation>Ingen sitter i den här sessionen.</translation>
    </message>
    <message>
        <source>Enter the amount to add (or a negative amount to remove).</source>
        <translation>Ange beloppet att lägga till (eller ett negativt belopp att ta bort).</translation>
    </message>
    <message>
        <source>The amount must be a multiple of the chip unit {unit}.</source>
        <translation>Beloppet måste vara en multipel av markerenheten {unit}.</translation>
    </message>
    <message>
        <source>Session {session} at {table} is closed; every player still seated was cashed out.</source>
        <translation>Session {session} vid {table} är stängd; alla spelare som satt kvar har lösts in.</translation>
    </message>
    <message>
        <source>Close session</source>
        <translation>Stäng session</translation>
    </message>
    <message>
        <source>Close session {session} at {table} (dealer {dealer}). Every player still seated is cashed out.</source>
        <translation>Stäng session {session} vid {table} (dealer {dealer}). Alla spelare som sitter kvar löses in.</translation>
    </message>
    <message>
        <source>why close it although the chips do not reconcile (required; kept in the audit record)</source>
        <translation>varför den stängs fast markerna inte stämmer (krävs; sparas i revisionsloggen)</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Differens</translation>
    </message>
    <message>
        <source>Warning: {warning}.</source>
        <translation>Varning: {warning}.</translation>
    </message>
    <message>
        <source>This session does not reconcile: write why it is closed anyway (Difference).</source>
        <translation>Sessionen stämmer inte: skriv varför den stängs ändå (Differens).</translation>
    </message>
    <message>
        <source>Correct input</source>
        <translation>Rätta inmatning</translation>
    </message>
    <message>
        <source>Correct #{seq}: {input}. The stored input is kept; the correction is a new row of the log with who, when and why.</source>
        <translation>Rätta #{seq}: {input}. Den sparade inmatningen behålls; rättelsen blir en ny rad i loggen med vem, när och varför.</translation>
    </message>
    <message>
        <source>Strike this input (as if it was never recorded)</source>
        <translation>Stryk inmatningen (som om den aldrig registrerats)</translation>
    </message>
    <message>
        <source>card, e.g. Js (empty: none)</source>
        <translation>kort, t.ex. Js (tomt: inget)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>inga</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Handling</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Kort</translation>
    </message>
    <message>
        <source>Amount (to)</source>
        <translation>Belopp (till)</translation>
    </message>
    <message>
        <source>New result</source>
        <translation>Nytt resultat</translation>
    </message>
    <message>
        <source>Card: {error}</source>
        <translation>Kort: {error}</translation>
    </message>
    <message>
        <source>Unchanged: change the input, or strike it.</source>
        <translation>Oförändrad: ändra inmatningen, eller stryk den.</translation>
    </message>
    <message>
        <source>The replacement is the same as the stored input: change it, or strike it.</source>
        <translation>Ersättningen är samma som den sparade inmatningen: ändra den, eller stryk den.</translation>
    </message>
    <message>
        <source>Sign in to the hand log</source>
        <translation>Logga in i handloggen</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Logga in</translation>
    </message>
    <message>
        <source>Enter your name and PIN.</source>
        <translation>Ange ditt namn och din PIN-kod.</translation>
    </message>
    <message>
        <source>{amount} paid to {player}</source>
        <translation>{amount} utbetalt till {player}</translation>
    </message>
    <message>
        <source>{amount} paid back by {player}</source>
        <translation>{amount} återbetalt av {player}</translation>
    </message>
    <message>
        <source>{amount} is still owed.</source>
        <translation>{amount} är fortfarande skyldigt.</translation>
    </message>
    <message>
        <source>nothing more is owed.</source>
        <translation>inget mer är skyldigt.</translation>
    </message>
    <message>
        <source>Seat {seat}: {paid}; {left}</source>
        <translation>Plats {seat}: {paid}; {left}</translation>
    </message>
    <message>
        <source>Settle owed chips</source>
        <translation>Reglera skuldmarker</translation>
    </message>
    <message>
        <source>Record chips owed after a void as paid at the cage, at {table}, session {session}. The owed line of the chip reconciliation goes down by as much and the chips count as cashed out.</source>
        <translation>Registrera marker som är skyldiga efter en annullering som betalda i kassan, vid {table}, session {session}. Skuldraden i markeravstämningen minskar lika mycket och markerna räknas som inlösta.</translation>
    </message>
    <message>
        <source>Seat {seat} — {player} is owed {amount}</source>
        <translation>Plats {seat} — {player} har {amount} att få</translation>
    </message>
    <message>
        <source>Seat {seat} — {player} owes {amount}</source>
        <translation>Plats {seat} — {player} är skyldig {amount}</translation>
    </message>
    <message>
        <source>Amount paid</source>
        <translation>Betalt belopp</translation>
    </message>
    <message>
        <source>No chips are owed to or by anyone in this session.</source>
        <translation>Inga marker är skyldiga till eller av någon i den här sessionen.</translation>
    </message>
    <message>
        <source>page {page} of {pages}</source>
        <translation>sida {page} av {pages}</translation>
    </message>
    <message>
        <source>Session {id} report</source>
        <translation>Rapport för session {id}</translation>
    </message>
    <message>
        <source>Player history</source>
        <translation>Spelarhistorik</translation>
    </message>
    <message>
        <source>the player&apos;s whole name</source>
        <translation>spelarens fullständiga namn</translation>
    </message>
    <message>
        <source>Type or choose a player&apos;s name.</source>
        <translation>Skriv eller välj en spelares namn.</translation>
    </message>
    <message>
        <source>{player}: {hands} hands, net {total}</source>
        <translation>{player}: {hands} händer, netto {total}</translation>
    </message>
    <message>
        <source>(the list shows the newest {shown}; the net is of all {hands})</source>
        <translation>(listan visar de senaste {shown}; nettot gäller alla {hands})</translation>
    </message>
    <message>
        <source>Player history — {player}</source>
        <translation>Spelarhistorik — {player}</translation>
    </message>
    <message>
        <source>Complete</source>
        <translation>Klar</translation>
    </message>
    <message>
        <source>Void</source>
        <translation>Annullerad</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>Pågår</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>klar</translation>
    </message>
    <message>
        <source>void</source>
        <translation>annullerad</translation>
    </message>
    <message>
        <source>in-progress</source>
        <translation>pågår</translation>
    </message>
    <message>
        <source>supervisor act</source>
        <translation>inspektörsåtgärd</translation>
    </message>
    <message>
        <source>sign-in</source>
        <translation>inloggning</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>nekad</translation>
    </message>
    <message>
        <source>lockout</source>
        <translation>spärr</translation>
    </message>
    <message>
        <source>unlock</source>
        <translation>upplåsning</translation>
    </message>
    <message>
        <source>other</source>
        <translation>övrigt</translation>
    </message>
    <message>
        <source>{status} ✎</source>
        <comment>corrected</comment>
        <translation>{status} ✎</translation>
    </message>
    <message>
        <source>{status} · corrected</source>
        <translation>{status} · rättad</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Bord</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Hand</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Startad</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Dealer</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spelare</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Click to sort</source>
        <translation>Klicka för att sortera</translation>
    </message>
    <message>
        <source>Not sortable</source>
        <translation>Kan inte sorteras</translation>
    </message>
    <message>
        <source>Fails the integrity check: {reason}</source>
        <translation>Klarar inte integritetskontrollen: {reason}</translation>
    </message>
    <message>
        <source>⚠ FAILS CHECK ({status})</source>
        <translation>⚠ UNDERKÄND ({status})</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Steg</translation>
    </message>
    <message>
        <source>Undo of #{seq}</source>
        <translation>Ångra #{seq}</translation>
    </message>
    <message>
        <source>Hand voided</source>
        <translation>Handen annullerad</translation>
    </message>
    <message>
        <source>corrected by #{seq}</source>
        <translation>rättad av #{seq}</translation>
    </message>
    <message>
        <source>undone by #{seq}</source>
        <translation>ångrad av #{seq}</translation>
    </message>
    <message>
        <source>Buy-ins</source>
        <translation>Inköp</translation>
    </message>
    <message>
        <source>Adjustments</source>
        <translation>Justeringar</translation>
    </message>
    <message>
        <source>Cash-outs</source>
        <translation>Inlösen</translation>
    </message>
    <message>
        <source>Net</source>
        <translation>Netto</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>Flyttat</translation>
    </message>
    <message>
        <source>Hands</source>
        <translation>Händer</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totalt</translation>
    </message>
    <message>
        <source>When</source>
        <translation>När</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Vem</translation>
    </message>
    <message>
        <source>Act</source>
        <translation>Åtgärd</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Varför</translation>
    </message>
    <message>
        <source>Hand / session</source>
        <translation>Hand / session</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detaljer</translation>
    </message>
    <message>
        <source>Total over {count} hands</source>
        <translation>Totalt över {count} händer</translation>
    </message>
    <message>
        <source>any time</source>
        <translation>när som helst</translation>
    </message>
    <message>
        <source>A date and time (2026-11-30 14:30), a time (22:10, today), today, yesterday or now</source>
        <translation>Datum och tid (2026-11-30 14:30), en tid (22:10, i dag), today, yesterday eller now</translation>
    </message>
    <message>
        <source>Pick a day on the calendar</source>
        <translation>Välj en dag i kalendern</translation>
    </message>
    <message>
        <source>IN-PROGRESS</source>
        <translation>PÅGÅR</translation>
    </message>
    <message>
        <source>COMPLETE</source>
        <translation>KLAR</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>ANNULLERAD</translation>
    </message>
    <message>
        <source>|◀ Start</source>
        <translation>|◀ Början</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ Bakåt</translation>
    </message>
    <message>
        <source>Forward ▶</source>
        <translation>Framåt ▶</translation>
    </message>
    <message>
        <source>End ▶|</source>
        <translation>Slut ▶|</translation>
    </message>
    <message>
        <source>Start (Home)</source>
        <translation>Början (Home)</translation>
    </message>
    <message>
        <source>One input back (←)</source>
        <translation>En inmatning bakåt (←)</translation>
    </message>
    <message>
        <source>One input on (→)</source>
        <translation>En inmatning framåt (→)</translation>
    </message>
    <message>
        <source>Last input (End)</source>
        <translation>Sista inmatningen (End)</translation>
    </message>
    <message>
        <source>VOID — stacks are as before this hand (players who had left: chips owed, in the session report)</source>
        <translation>ANNULLERAD — stackarna är som före handen (spelare som hade gått: deras marker står i sessionsrapporten)</translation>
    </message>
    <message>
        <source>Step {step} of {steps}</source>
        <translation>Steg {step} av {steps}</translation>
    </message>
    <message>
        <source>Step {step} / {steps}:  {caption}</source>
        <translation>Steg {step} / {steps}:  {caption}</translation>
    </message>
    <message>
        <source>This hand was voided by a supervisor.</source>
        <translation>Handen annullerades av en inspektör.</translation>
    </message>
    <message>
        <source>Correct input…</source>
        <translation>Rätta inmatning…</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Logg</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultat</translation>
    </message>
    <message>
        <source>Void hand…</source>
        <translation>Annullera hand…</translation>
    </message>
    <message>
        <source>PDF report…</source>
        <translation>PDF-rapport…</translation>
    </message>
    <message>
        <source>Export record…</source>
        <translation>Exportera handfil…</translation>
    </message>
    <message>
        <source>Replace or strike the selected input of the log (supervisor&apos;s PIN and reason)</source>
        <translation>Ersätt eller stryk den valda inmatningen i loggen (inspektörens PIN-kod och skäl)</translation>
    </message>
    <message>
        <source>⚠ This hand fails the integrity check: {problem}. Its stored log is shown as it is; it was changed outside the app.</source>
        <translation>⚠ Handen klarar inte integritetskontrollen: {problem}. Den lagrade loggen visas som den är; den har ändrats utanför appen.</translation>
    </message>
    <message>
        <source>Imported hand</source>
        <translation>Importerad hand</translation>
    </message>
    <message>
        <source>Hand id {id}</source>
        <translation>Hand-id {id}</translation>
    </message>
    <message>
        <source> · CORRECTED</source>
        <translation> · RÄTTAD</translation>
    </message>
    <message>
        <source> · INTEGRITY FAILED</source>
        <translation> · INTEGRITETSFEL</translation>
    </message>
    <message>
        <source>{settings} · started {when}</source>
        <translation>{settings} · startad {when}</translation>
    </message>
    <message>
        <source> · ended {when}</source>
        <translation> · avslutad {when}</translation>
    </message>
    <message>
        <source> · session {session}</source>
        <translation> · session {session}</translation>
    </message>
    <message>
        <source>Seats: {names}</source>
        <translation>Platser: {names}</translation>
    </message>
    <message>
        <source>This hand fails the integrity check: it cannot be voided or corrected.</source>
        <translation>Handen klarar inte integritetskontrollen: den kan inte annulleras eller rättas.</translation>
    </message>
    <message>
        <source>Hand id {id} · CANNOT BE REPLAYED</source>
        <translation>Hand-id {id} · KAN INTE SPELAS UPP</translation>
    </message>
    <message>
        <source>Hand id {id} — cannot be replayed</source>
        <translation>Hand-id {id} — kan inte spelas upp</translation>
    </message>
    <message>
        <source>No result</source>
        <translation>Inget resultat</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Platser</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>Före</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Efter</translation>
    </message>
    <message>
        <source>⚠ Select an input in force in the log to correct it.</source>
        <translation>⚠ Välj en gällande inmatning i loggen för att rätta den.</translation>
    </message>
    <message>
        <source>#{seq} corrected by {name}.</source>
        <translation>#{seq} rättad av {name}.</translation>
    </message>
    <message>
        <source>Refused by the rules: {reason}</source>
        <translation>Nekas av reglerna: {reason}</translation>
    </message>
    <message>
        <source>The hand would not be complete: {next}</source>
        <translation>Handen skulle inte bli klar: {next}</translation>
    </message>
    <message>
        <source>no stack changes</source>
        <translation>inga stackändringar</translation>
    </message>
    <message>
        <source>the hand completes</source>
        <translation>handen blir klar</translation>
    </message>
    <message>
        <source>Stacks: {changes}</source>
        <translation>Stackar: {changes}</translation>
    </message>
    <message>
        <source>Session report</source>
        <translation>Sessionsrapport</translation>
    </message>
    <message>
        <source>open</source>
        <translation>öppen</translation>
    </message>
    <message>
        <source>closed {when}</source>
        <translation>stängd {when}</translation>
    </message>
    <message>
        <source>#{id} · {table} · {dealer} · {opened} · {state}</source>
        <translation>#{id} · {table} · {dealer} · {opened} · {state}</translation>
    </message>
    <message>
        <source>Adjust stack…</source>
        <translation>Justera stack…</translation>
    </message>
    <message>
        <source>Settle owed chips…</source>
        <translation>Reglera skuldmarker…</translation>
    </message>
    <message>
        <source>Record chips owed after a void (to or by a player who had left) as paid at the cage</source>
        <translation>Registrera marker som är skyldiga efter en annullering (till eller av en spelare som har gått) som betalda i kassan</translation>
    </message>
    <message>
        <source>Close session…</source>
        <translation>Stäng session…</translation>
    </message>
    <message>
        <source>PDF…</source>
        <translation>PDF…</translation>
    </message>
    <message>
        <source>Print the report (the PDF&apos;s pages) on a printer</source>
        <translation>Skriv ut rapporten (PDF:ens sidor) på en skrivare</translation>
    </message>
    <message>
        <source>{table} · session {id} · dealers {dealers}</source>
        <translation>{table} · session {id} · dealrar {dealers}</translation>
    </message>
    <message>
        <source>{table} · session {id} · dealer {dealers}</source>
        <translation>{table} · session {id} · dealer {dealers}</translation>
    </message>
    <message>
        <source>{settings} · amounts in {currency} · opened {opened} · </source>
        <translation>{settings} · belopp i {currency} · öppnad {opened} · </translation>
    </message>
    <message>
        <source>Hands: {complete} complete, {void} void, {running} in progress · rake {rake} {currency}</source>
        <translation>Händer: {complete} klara, {void} annullerade, {running} pågående · rake {rake} {currency}</translation>
    </message>
    <message>
        <source>Chips balance ✔  </source>
        <translation>Markerna stämmer ✔  </translation>
    </message>
    <message>
        <source>Chips do NOT balance ✘  </source>
        <translation>Markerna stämmer INTE ✘  </translation>
    </message>
    <message>
        <source>• owed: {line}</source>
        <translation>• skuld: {line}</translation>
    </message>
    <message>
        <source>Dealers&apos; stints:</source>
        <translation>Dealrarnas pass:</translation>
    </message>
    <message>
        <source>• {dealer}: {start} – {end} · {duration} · {hands} hands ({void} void) · {pace} hands per hour</source>
        <translation>• {dealer}: {start} – {end} · {duration} · {hands} händer ({void} annullerade) · {pace} händer per timme</translation>
    </message>
    <message>
        <source>still dealing</source>
        <translation>delar fortfarande</translation>
    </message>
    <message>
        <source>Voids, corrections, adjustments and closing:</source>
        <translation>Annulleringar, rättelser, justeringar och stängning:</translation>
    </message>
    <message>
        <source>• {at} {act}: {what} — {by}: “{reason}”</source>
        <translation>• {at} {act}: {what} — {by}: ”{reason}”</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} av {total}</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Alla statusar</translation>
    </message>
    <message>
        <source>Corrected</source>
        <translation>Rättad</translation>
    </message>
    <message>
        <source>Table 4 10131, or id 18131</source>
        <translation>Bord 4 10131, eller id 18131</translation>
    </message>
    <message>
        <source>Go to: type a table and hand number or a hand id ({hint})</source>
        <translation>Gå till: skriv bord och handnummer eller ett hand-id ({hint})</translation>
    </message>
    <message>
        <source>Go to: {text} is not a number</source>
        <translation>Gå till: {text} är inget tal</translation>
    </message>
    <message>
        <source>Log integrity</source>
        <translation>Loggens integritet</translation>
    </message>
    <message>
        <source>What does not hold</source>
        <translation>Vad som inte stämmer</translation>
    </message>
    <message>
        <source>Double-click (or Enter) to open the hand</source>
        <translation>Dubbelklicka (eller Enter) för att öppna handen</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Spara…</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Skriv ut…</translation>
    </message>
    <message>
        <source>Check CANCELLED after {checked} hands: this is not a verdict; {changed} changed so far.</source>
        <translation>Kontrollen AVBRÖTS efter {checked} händer: detta är inget utlåtande; {changed} ändrade hittills.</translation>
    </message>
    <message>
        <source>Check CANCELLED after {checked} hands: this is not a verdict; no change found so far, the rest was not checked.</source>
        <translation>Kontrollen AVBRÖTS efter {checked} händer: detta är inget utlåtande; ingen ändring hittad hittills, resten kontrollerades inte.</translation>
    </message>
    <message>
        <source>{hands} of {checked} hands were changed outside the app, and {others} other record(s) (stack moves, staff, audit, ledger): {findings} finding(s).</source>
        <translation>{hands} av {checked} händer har ändrats utanför appen, och {others} andra poster (stackändringar, personal, revision, huvudbok): {findings} fynd.</translation>
    </message>
    <message>
        <source>{hands} of {checked} hands were changed outside the app: {findings} finding(s).</source>
        <translation>{hands} av {checked} händer har ändrats utanför appen: {findings} fynd.</translation>
    </message>
    <message>
        <source>All {checked} hands are intact: every digest chain holds.</source>
        <translation>Alla {checked} händer är intakta: varje kontrollsummekedja håller.</translation>
    </message>
    <message>
        <source>Log integrity check</source>
        <translation>Kontroll av loggens integritet</translation>
    </message>
    <message>
        <source>Checked at {moment}</source>
        <translation>Kontrollerad {moment}</translation>
    </message>
    <message>
        <source>{hand} (id {id}) — {finding}</source>
        <translation>{hand} (id {id}) — {finding}</translation>
    </message>
    <message>
        <source>{label} (id {id}): {reason}</source>
        <translation>{label} (id {id}): {reason}</translation>
    </message>
    <message>
        <source>Save the integrity result</source>
        <translation>Spara integritetsresultatet</translation>
    </message>
    <message>
        <source>Text files (*.txt)</source>
        <translation>Textfiler (*.txt)</translation>
    </message>
    <message>
        <source>Hand log — dealer</source>
        <translation>Handlogg — dealer</translation>
    </message>
    <message>
        <source>Hand log — floor supervisor</source>
        <translation>Handlogg — inspektör</translation>
    </message>
    <message>
        <source>Hand log</source>
        <translation>Handlogg</translation>
    </message>
    <message>
        <source>{name} ({role})</source>
        <translation>{name} ({role})</translation>
    </message>
    <message>
        <source>your open session #{session} at {table}</source>
        <translation>din öppna session #{session} vid {table}</translation>
    </message>
    <message>
        <source>you have no open session</source>
        <translation>du har ingen öppen session</translation>
    </message>
    <message>
        <source>All tables</source>
        <translation>Alla bord</translation>
    </message>
    <message>
        <source>All dealers</source>
        <translation>Alla dealers</translation>
    </message>
    <message>
        <source>any part of a name</source>
        <translation>valfri del av ett namn</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Rensa filter</translation>
    </message>
    <message>
        <source>Every filter back to any, and the newest hands first (Ctrl+L)</source>
        <translation>Alla filter tillbaka till alla, och de nyaste händerna först (Ctrl+L)</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Från</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>Till</translation>
    </message>
    <message>
        <source>Pot from</source>
        <translation>Pott från</translation>
    </message>
    <message>
        <source>Pot to</source>
        <translation>Pott till</translation>
    </message>
    <message>
        <source>A dealer sees the hands of their own open session</source>
        <translation>En dealer ser händerna i sin egen öppna session</translation>
    </message>
    <message>
        <source>any</source>
        <translation>alla</translation>
    </message>
    <message>
        <source>Go to</source>
        <translation>Gå till</translation>
    </message>
    <message>
        <source>A table and hand number, or a hand id; Enter opens the hand (Ctrl+G)</source>
        <translation>Bord och handnummer, eller ett hand-id; Enter öppnar handen (Ctrl+G)</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Gå</translation>
    </message>
    <message>
        <source>Open hand</source>
        <translation>Öppna hand</translation>
    </message>
    <message>
        <source>Player history…</source>
        <translation>Spelarhistorik…</translation>
    </message>
    <message>
        <source>Hand PDF…</source>
        <translation>Hand som PDF…</translation>
    </message>
    <message>
        <source>Export records…</source>
        <translation>Exportera poster…</translation>
    </message>
    <message>
        <source>Print hand…</source>
        <translation>Skriv ut hand…</translation>
    </message>
    <message>
        <source>Session report…</source>
        <translation>Sessionsrapport…</translation>
    </message>
    <message>
        <source>Check integrity…</source>
        <translation>Kontrollera integritet…</translation>
    </message>
    <message>
        <source>Audit log…</source>
        <translation>Revisionslogg…</translation>
    </message>
    <message>
        <source>#{session} {table} (open)</source>
        <translation>#{session} {table} (öppen)</translation>
    </message>
    <message>
        <source>no open session</source>
        <translation>ingen öppen session</translation>
    </message>
    <message>
        <source>All sessions</source>
        <translation>Alla sessioner</translation>
    </message>
    <message>
        <source>#{session} {table} · {dealer} · {opened} (open)</source>
        <translation>#{session} {table} · {dealer} · {opened} (öppen)</translation>
    </message>
    <message>
        <source>#{session} {table} · {dealer} · {opened} (closed)</source>
        <translation>#{session} {table} · {dealer} · {opened} (stängd)</translation>
    </message>
    <message>
        <source>{problem} — the list is unchanged.</source>
        <translation>{problem} — listan är oförändrad.</translation>
    </message>
    <message>
        <source>loaded in {ms} ms</source>
        <translation>laddad på {ms} ms</translation>
    </message>
    <message>
        <source>{count} hand</source>
        <translation>{count} hand</translation>
    </message>
    <message>
        <source>{count} hands</source>
        <translation>{count} händer</translation>
    </message>
    <message>
        <source>You have no open session: there is no hand of yours to show.</source>
        <translation>Du har ingen öppen session: det finns ingen hand av dina att visa.</translation>
    </message>
    <message>
        <source>There is no hand in the log yet.</source>
        <translation>Det finns ingen hand i loggen än.</translation>
    </message>
    <message>
        <source>No hand matches these filters. Clear filters (Ctrl+L) to see every hand.</source>
        <translation>Ingen hand matchar filtren. Rensa filter (Ctrl+L) för att se alla händer.</translation>
    </message>
    <message>
        <source>{column} cannot be sorted</source>
        <translation>{column} kan inte sorteras</translation>
    </message>
    <message>
        <source>Go to: which table? ({hint})</source>
        <translation>Gå till: vilket bord? ({hint})</translation>
    </message>
    <message>
        <source>That hand is not in your open session.</source>
        <translation>Den handen finns inte i din öppna session.</translation>
    </message>
    <message>
        <source>{table} hand {number} (id {id})</source>
        <translation>{table} hand {number} (id {id})</translation>
    </message>
    <message>
        <source>{table} hand (id {id})</source>
        <translation>{table} hand (id {id})</translation>
    </message>
    <message>
        <source>The audit log is for supervisors.</source>
        <translation>Revisionsloggen är för inspektörer.</translation>
    </message>
    <message>
        <source>Select a hand first.</source>
        <translation>Välj en hand först.</translation>
    </message>
    <message>
        <source>Select a hand of the session (or choose a session in the filters).</source>
        <translation>Välj en hand i sessionen (eller välj en session i filtren).</translation>
    </message>
    <message>
        <source>This hand is already void.</source>
        <translation>Handen är redan annullerad.</translation>
    </message>
    <message>
        <source>{pot} in the middle, {status}</source>
        <translation>{pot} i mitten, {status}</translation>
    </message>
    <message>
        <source>Session {session} is closed; its stacks cannot change.</source>
        <translation>Session {session} är stängd; dess stackar kan inte ändras.</translation>
    </message>
    <message>
        <source>Session {session} is already closed.</source>
        <translation>Session {session} är redan stängd.</translation>
    </message>
    <message>
        <source>There is no session yet.</source>
        <translation>Det finns ingen session än.</translation>
    </message>
    <message>
        <source>Checking every hand&apos;s digest chain</source>
        <translation>Kontrollerar varje hands kontrollsummekedja</translation>
    </message>
    <message>
        <source>Integrity check cancelled: not a verdict; {changed} changed so far</source>
        <translation>Integritetskontrollen avbröts: inget utlåtande; {changed} ändrade hittills</translation>
    </message>
    <message>
        <source>Integrity check cancelled: not a verdict</source>
        <translation>Integritetskontrollen avbröts: inget utlåtande</translation>
    </message>
    <message>
        <source>{hands} hand(s) and {findings} finding(s) changed outside the app</source>
        <translation>{hands} hand/händer och {findings} fynd ändrade utanför appen</translation>
    </message>
    <message>
        <source>Integrity: every hand intact</source>
        <translation>Integritet: varje hand intakt</translation>
    </message>
    <message>
        <source>Export the hand list</source>
        <translation>Exportera handlistan</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>Exportera CSV</translation>
    </message>
    <message>
        <source>Writing the filtered hand list</source>
        <translation>Skriver den filtrerade handlistan</translation>
    </message>
    <message>
        <source>CSV export cancelled; no file was written.</source>
        <translation>CSV-exporten avbröts; ingen fil skrevs.</translation>
    </message>
    <message>
        <source>{count} hands written to {path}</source>
        <translation>{count} händer skrivna till {path}</translation>
    </message>
    <message>
        <source>Select the hands to export.</source>
        <translation>Välj händerna att exportera.</translation>
    </message>
    <message>
        <source>Export americana-hand/1 records</source>
        <translation>Exportera americana-hand/1-poster</translation>
    </message>
    <message>
        <source>Export records</source>
        <translation>Exportera poster</translation>
    </message>
    <message>
        <source>Writing americana-hand/1 files</source>
        <translation>Skriver americana-hand/1-filer</translation>
    </message>
    <message>
        <source>Export cancelled; no file was left behind.</source>
        <translation>Exporten avbröts; ingen fil blev kvar.</translation>
    </message>
    <message>
        <source>{count} record(s) written to {folder}</source>
        <translation>{count} post(er) skrivna till {folder}</translation>
    </message>
    <message>
        <source>hand</source>
        <translation>hand</translation>
    </message>
    <message>
        <source>Hand report (PDF)</source>
        <translation>Handrapport (PDF)</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>PDF failed: {error}</source>
        <translation>PDF misslyckades: {error}</translation>
    </message>
    <message>
        <source>Hand report written to {path}</source>
        <translation>Handrapporten skriven till {path}</translation>
    </message>
    <message>
        <source>session</source>
        <translation>session</translation>
    </message>
    <message>
        <source>Session report (PDF)</source>
        <translation>Sessionsrapport (PDF)</translation>
    </message>
    <message>
        <source>Session report written to {path}</source>
        <translation>Sessionsrapporten skriven till {path}</translation>
    </message>
    <message>
        <source>MUCKED</source>
        <translation>KASTAT</translation>
    </message>
    <message>
        <source>SITTING OUT</source>
        <translation>SITTER UTE</translation>
    </message>
    <message>
        <source>NO CHIPS</source>
        <translation>INGA MARKER</translation>
    </message>
    <message>
        <source>UNDER THE ANTE</source>
        <translation>UNDER ANTE</translation>
    </message>
    <message>
        <source>seats {seats} and {last}</source>
        <translation>platserna {seats} och {last}</translation>
    </message>
    <message>
        <source>{pot}: {amount}, {seats}</source>
        <translation>{pot}: {amount}, {seats}</translation>
    </message>
    <message>
        <source>seat {seat}: {amount}</source>
        <translation>plats {seat}: {amount}</translation>
    </message>
    <message>
        <source>No session open</source>
        <translation>Ingen session öppen</translation>
    </message>
    <message>
        <source>Open · dealer {dealer} · hand {number} in progress</source>
        <translation>Öppet · dealer {dealer} · hand {number} pågår</translation>
    </message>
    <message>
        <source>Open · dealer {dealer} · between hands</source>
        <translation>Öppet · dealer {dealer} · mellan händer</translation>
    </message>
    <message>
        <source>{role} · locked after 100 wrong PINs</source>
        <translation>{role} · låst efter 100 fel PIN-koder</translation>
    </message>
    <message>
        <source>{role} · next try at {time}</source>
        <translation>{role} · nästa försök kl. {time}</translation>
    </message>
    <message>
        <source>Type the new staff member&apos;s name.</source>
        <translation>Skriv den nya medarbetarens namn.</translation>
    </message>
    <message>
        <source>The two PINs differ: type them again.</source>
        <translation>De två PIN-koderna skiljer sig åt: skriv dem igen.</translation>
    </message>
    <message>
        <source>{name} added as {role}; they sign in with their name and PIN.</source>
        <translation>{name} tillagd som {role}; loggar in med namn och PIN-kod.</translation>
    </message>
    <message>
        <source>Type the name of the account to unlock.</source>
        <translation>Skriv namnet på kontot som ska låsas upp.</translation>
    </message>
    <message>
        <source>{name} is unlocked; they sign in with their PIN.</source>
        <translation>{name} är upplåst; loggar in med sin PIN-kod.</translation>
    </message>
    <message>
        <source>Your PIN is shorter than a {role}&apos;s PIN must now be ({low} to {high} digits): change it now with Change my PIN…</source>
        <translation>Din PIN-kod är kortare än vad en {role}s PIN-kod nu måste vara ({low} till {high} siffror): byt den nu med Byt min PIN-kod…</translation>
    </message>
    <message>
        <source>Table in use</source>
        <translation>Bordet används</translation>
    </message>
    <message>
        <source>Taking it over stops that workstation from recording into this table; it is kept in the audit record.</source>
        <translation>Tar du över bordet kan den arbetsstationen inte längre registrera något på det; övertagandet sparas i revisionsloggen.</translation>
    </message>
    <message>
        <source>Take over this table</source>
        <translation>Ta över bordet</translation>
    </message>
    <message>
        <source>{name} sits at seat {seat} with {amount} from {table}</source>
        <translation>{name} sätter sig på plats {seat} med {amount} från {table}</translation>
    </message>
    <message>
        <source>{name} sits at seat {seat}</source>
        <translation>{name} sitter på plats {seat}</translation>
    </message>
    <message>
        <source>Seat {seat} rebuys {amount}</source>
        <translation>Plats {seat} gör återköp: {amount}</translation>
    </message>
    <message>
        <source>Seat {seat} sits out</source>
        <translation>Plats {seat} står över</translation>
    </message>
    <message>
        <source>Seat {seat} comes back</source>
        <translation>Plats {seat} är tillbaka</translation>
    </message>
    <message>
        <source>Seat {seat} leaves: cash out {amount}</source>
        <translation>Plats {seat} lämnar: inlösen {amount}</translation>
    </message>
    <message>
        <source>{player} · {amount} from {table}</source>
        <translation>{player} · {amount} från {table}</translation>
    </message>
    <message>
        <source>{name} moves from seat {seat} to seat {to} with {amount}</source>
        <translation>{name} flyttar från plats {seat} till plats {to} med {amount}</translation>
    </message>
    <message>
        <source>{name} moves to {table} with {amount}: its dealer seats them</source>
        <translation>{name} flyttar till {table} med {amount}: dess Dealer placerar spelaren</translation>
    </message>
    <message>
        <source>New settings apply from the next hand.</source>
        <translation>De nya inställningarna gäller från nästa hand.</translation>
    </message>
    <message>
        <source>nothing waits for the supervisor: F9 follows a shown hole card that does not match the one recorded (rule 9.5)</source>
        <translation>inget väntar på inspektören: F9 används efter ett visat hålkort som inte stämmer med det registrerade (regel 9.5)</translation>
    </message>
    <message>
        <source>no hole card of seat {seat} is recorded: show it again</source>
        <translation>inget hålkort för plats {seat} är registrerat: visa det igen</translation>
    </message>
    <message>
        <source>{seat} shows {shown}, but {recorded} was recorded as the hole card at the deal (#{seq}, rule 9.5). Correct the recorded hole card to {shown} (or strike it); then the show is recorded.</source>
        <translation>{seat} visar {shown}, men {recorded} registrerades som hålkort i given (#{seq}, regel 9.5). Rätta det registrerade hålkortet till {shown} (eller stryk det); sedan registreras visningen.</translation>
    </message>
    <message>
        <source>#{seq} corrected by {name}</source>
        <translation>#{seq} rättad av {name}</translation>
    </message>
    <message>
        <source>its last input</source>
        <translation>dess senaste inmatning</translation>
    </message>
    <message>
        <source>undone by {name}</source>
        <translation>ångrad av {name}</translation>
    </message>
    <message>
        <source>Hand {number} is complete: undoing its last input ({what}) takes its result back and needs a supervisor (rule 11.3).</source>
        <translation>Hand {number} är klar: att ångra dess senaste inmatning ({what}) tar tillbaka resultatet och kräver en inspektör (regel 11.3).</translation>
    </message>
    <message>
        <source>This hand is complete: undoing its last input ({what}) takes its result back and needs a supervisor (rule 11.3).</source>
        <translation>Den här handen är klar: att ångra dess senaste inmatning ({what}) tar tillbaka resultatet och kräver en inspektör (regel 11.3).</translation>
    </message>
    <message>
        <source>this hand</source>
        <translation>denna hand</translation>
    </message>
    <message>
        <source>select an input still in force in the hand log to correct it</source>
        <translation>markera en inmatning som fortfarande gäller i handloggen för att rätta den</translation>
    </message>
    <message>
        <source>no bring-in now: {reason}</source>
        <translation>ingen bring-in nu: {reason}</translation>
    </message>
    <message>
        <source>no bet now: {reason}</source>
        <translation>kan inte satsa nu: {reason}</translation>
    </message>
    <message>
        <source>no raise now: {reason}</source>
        <translation>kan inte höja nu: {reason}</translation>
    </message>
    <message>
        <source>no call now: {reason}</source>
        <translation>kan inte syna nu: {reason}</translation>
    </message>
    <message>
        <source>no check now: {reason}</source>
        <translation>kan inte checka nu: {reason}</translation>
    </message>
    <message>
        <source>no fold now: {reason}</source>
        <translation>kan inte lägga sig nu: {reason}</translation>
    </message>
    <message>
        <source>no show now: {reason}</source>
        <translation>kan inte visa nu: {reason}</translation>
    </message>
    <message>
        <source>no muck now: {reason}</source>
        <translation>kan inte kasta nu: {reason}</translation>
    </message>
    <message>
        <source>{key} undoes one input per press: let go and press it again to undo another</source>
        <translation>{key} ångrar en inmatning per tryck: släpp och tryck igen för att ångra en till</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; is not a key of the table: {reason} (F1: every key)</source>
        <translation>&apos;{key}&apos; är ingen tangent vid bordet: {reason} (F1: alla tangenter)</translation>
    </message>
    <message>
        <source>&apos;{digit}&apos;: amounts go in the amount box: press {key} to raise first</source>
        <translation>&apos;{digit}&apos;: belopp skrivs i beloppsrutan: tryck först {key} för att höja</translation>
    </message>
    <message>
        <source>&apos;{digit}&apos;: amounts go in the amount box: press {key} to bet first</source>
        <translation>&apos;{digit}&apos;: belopp skrivs i beloppsrutan: tryck först {key} för att satsa</translation>
    </message>
    <message>
        <source>&apos;{digit}&apos;: no amount to type: the raise is {amount}, press {key}</source>
        <translation>&apos;{digit}&apos;: inget belopp att skriva: höjningen är {amount}, tryck {key}</translation>
    </message>
    <message>
        <source>&apos;{digit}&apos;: no amount to type: the bet is {amount}, press {key}</source>
        <translation>&apos;{digit}&apos;: inget belopp att skriva: satsningen är {amount}, tryck {key}</translation>
    </message>
    <message>
        <source>&apos;{digit}&apos; starts no card (7 8 9 10 T J Q K A): {reason}</source>
        <translation>&apos;{digit}&apos; inleder inget kort (7 8 9 10 T J Q K A): {reason}</translation>
    </message>
    <message>
        <source>it is not complete: a card is rank then suit, like &apos;as&apos;, &apos;td&apos; or &apos;10h&apos;</source>
        <translation>det är inte komplett: ett kort är valör och sedan färg, som &apos;as&apos;, &apos;td&apos; eller &apos;10h&apos;</translation>
    </message>
    <message>
        <source>Misdeal: {hand} is void; every contribution is back with its player (rule 11.2).</source>
        <translation>Felgiv: {hand} är annullerad; varje insats är tillbaka hos sin spelare (regel 11.2).</translation>
    </message>
    <message>
        <source>Declare a misdeal on {hand}: the hand is voided, every contribution goes back to its player and the hand stays in the log, marked void, with the reason (rule 11.2). The rule book has no rule for replacing an exposed card: a card exposed on the deal is a misdeal too.</source>
        <translation>Förklara felgiv på {hand}: handen annulleras, varje insats går tillbaka till sin spelare och handen stannar i loggen, märkt annullerad, med skälet (regel 11.2). Regelboken har ingen regel för att ersätta ett visat kort: ett kort som visats i given är också felgiv.</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>Felgiv</translation>
    </message>
    <message>
        <source>Card exposed on the deal</source>
        <translation>Kort visat i given</translation>
    </message>
    <message>
        <source>the exposed card, e.g. Js</source>
        <translation>det visade kortet, t.ex. Js</translation>
    </message>
    <message>
        <source>Declared</source>
        <translation>Förklarat</translation>
    </message>
    <message>
        <source>Exposed card</source>
        <translation>Visat kort</translation>
    </message>
    <message>
        <source>Name the exposed card.</source>
        <translation>Ange det visade kortet.</translation>
    </message>
    <message>
        <source>&apos;{text}&apos; is not a card: {reason}</source>
        <translation>&apos;{text}&apos; är inget kort: {reason}</translation>
    </message>
    <message>
        <source>no hole card can be recorded now: a hole card is recorded until round 1&apos;s first action; later it is typed when the player shows it (rule 5.3)</source>
        <translation>inget hålkort kan registreras nu: hålkort registreras fram till första handlingen i runda 1; senare skrivs det in när spelaren visar det (regel 5.3)</translation>
    </message>
    <message>
        <source>seat {seat} is not in this hand</source>
        <translation>plats {seat} är inte med i den här handen</translation>
    </message>
    <message>
        <source>no card goes to seat {seat} now: {reason}</source>
        <translation>inget kort ska till plats {seat} nu: {reason}</translation>
    </message>
    <message>
        <source>no card goes to seat {seat} now</source>
        <translation>inget kort ska till plats {seat} nu</translation>
    </message>
    <message>
        <source>every ante is already in: {reason}</source>
        <translation>alla ante är redan inne: {reason}</translation>
    </message>
    <message>
        <source>the hole card of {seat} was not recorded: type the card shown (like &apos;as&apos;)</source>
        <translation>hålkortet för {seat} registrerades inte: skriv in kortet som visas (som &apos;as&apos;)</translation>
    </message>
    <message>
        <source>the card {card} is not recorded: the choice of seat {seat} was refused; choose a seat again (Ctrl+1..6) or type the card for the seat the deal expects</source>
        <translation>kortet {card} registreras inte: valet av plats {seat} nekades; välj en plats igen (Ctrl+1..6) eller skriv kortet för den plats given väntar på</translation>
    </message>
    <message>
        <source>{reason} — the card {card} is not recorded</source>
        <translation>{reason} — kortet {card} registreras inte</translation>
    </message>
    <message>
        <source>the hand moved on since the amount box opened: press {bet_key} or {raise_key} again</source>
        <translation>handen har gått vidare sedan beloppsrutan öppnades: tryck {bet_key} eller {raise_key} igen</translation>
    </message>
    <message>
        <source>the hand is not finished: {reason}</source>
        <translation>handen är inte klar: {reason}</translation>
    </message>
    <message>
        <source>seven</source>
        <translation>sjua</translation>
    </message>
    <message>
        <source>eight</source>
        <translation>åtta</translation>
    </message>
    <message>
        <source>nine</source>
        <translation>nia</translation>
    </message>
    <message>
        <source>ten</source>
        <translation>tia</translation>
    </message>
    <message>
        <source>jack</source>
        <translation>knekt</translation>
    </message>
    <message>
        <source>queen</source>
        <translation>dam</translation>
    </message>
    <message>
        <source>king</source>
        <translation>kung</translation>
    </message>
    <message>
        <source>ace</source>
        <translation>ess</translation>
    </message>
    <message>
        <source>spades</source>
        <translation>spader</translation>
    </message>
    <message>
        <source>hearts</source>
        <translation>hjärter</translation>
    </message>
    <message>
        <source>diamonds</source>
        <translation>ruter</translation>
    </message>
    <message>
        <source>clubs</source>
        <translation>klöver</translation>
    </message>
    <message>
        <source>{rank} of {suit}</source>
        <translation>{suit} {rank}</translation>
    </message>
    <message>
        <source>hole card, not known</source>
        <translation>hålkort, okänt</translation>
    </message>
    <message>
        <source>{card} (hole card)</source>
        <translation>{card} (hålkort)</translation>
    </message>
    <message>
        <source>NEXT ▶ {prompt}</source>
        <translation>NÄSTA ▶ {prompt}</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Min</translation>
    </message>
    <message>
        <source>Pot [{key}]</source>
        <translation>Pott [{key}]</translation>
    </message>
    <message>
        <source>All-in [{key}]</source>
        <translation>All-in [{key}]</translation>
    </message>
    <message>
        <source>OK ⏎</source>
        <translation>OK ⏎</translation>
    </message>
    <message>
        <source>Bet to</source>
        <translation>Satsa till</translation>
    </message>
    <message>
        <source>Raise to</source>
        <translation>Höj till</translation>
    </message>
    <message>
        <source>min {low} · max {high}</source>
        <translation>min {low} · max {high}</translation>
    </message>
    <message>
        <source>no bet or raise is open</source>
        <translation>ingen satsning eller höjning är öppen</translation>
    </message>
    <message>
        <source>type the amount</source>
        <translation>skriv beloppet</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; is not part of an amount: type digits (P: pot, ⇧A: all-in)</source>
        <translation>&apos;{key}&apos; hör inte till ett belopp: skriv siffror (P: pott, ⇧A: all-in)</translation>
    </message>
    <message>
        <source>card</source>
        <translation>kort</translation>
    </message>
    <message>
        <source>PIN again</source>
        <translation>PIN-kod igen</translation>
    </message>
    <message>
        <source>Back to the table</source>
        <translation>Tillbaka till bordet</translation>
    </message>
    <message>
        <source>Welcome: create the first supervisor</source>
        <translation>Välkommen: skapa den första inspektören</translation>
    </message>
    <message>
        <source>The database is empty. The first account is a floor supervisor (a PIN of 6 to 12 digits); on the next page it adds dealers (the Staff box) and opens tables.</source>
        <translation>Databasen är tom. Det första kontot är en inspektör (en PIN-kod på 6 till 12 siffror); på nästa sida lägger den till dealrar (rutan Personal) och öppnar bord.</translation>
    </message>
    <message>
        <source>Create supervisor and sign in</source>
        <translation>Skapa inspektör och logga in</translation>
    </message>
    <message>
        <source>Change dealer</source>
        <translation>Byt dealer</translation>
    </message>
    <message>
        <source>The next dealer signs in; from then on the inputs are theirs.</source>
        <translation>Nästa dealer loggar in; därefter är inmatningarna dennes.</translation>
    </message>
    <message>
        <source>Dealer name and PIN.</source>
        <translation>Dealerns namn och PIN-kod.</translation>
    </message>
    <message>
        <source>no cap</source>
        <translation>inget tak</translation>
    </message>
    <message>
        <source>The currency of the table&apos;s amounts: a three-letter code such as EUR or SEK</source>
        <translation>Valutan för bordets belopp: en kod på tre bokstäver, till exempel EUR eller SEK</translation>
    </message>
    <message>
        <source>Table name</source>
        <translation>Bordets namn</translation>
    </message>
    <message>
        <source>Ante</source>
        <translation>Ante</translation>
    </message>
    <message>
        <source>Chip unit</source>
        <translation>Markerenhet</translation>
    </message>
    <message>
        <source>Structure</source>
        <translation>Struktur</translation>
    </message>
    <message>
        <source>Raise cap</source>
        <translation>Höjningstak</translation>
    </message>
    <message>
        <source>Rake %</source>
        <translation>Rake %</translation>
    </message>
    <message>
        <source>Rake cap</source>
        <translation>Raketak</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Valuta</translation>
    </message>
    <message>
        <source>off</source>
        <comment>dual control</comment>
        <translation>av</translation>
    </message>
    <message>
        <source>A void, stack adjustment or settlement of more than this needs a second supervisor&apos;s PIN (0: off)</source>
        <translation>En annullering, stackjustering eller reglering över detta kräver en andra inspektörs PIN-kod (0: av)</translation>
    </message>
    <message>
        <source>Two supervisors above</source>
        <translation>Två inspektörer över</translation>
    </message>
    <message>
        <source>none</source>
        <comment>buy-in limits</comment>
        <translation>inga</translation>
    </message>
    <message>
        <source>The smallest buy-in; a rebuy must bring the stack to at least this (0: none)</source>
        <translation>Det minsta inköpet; ett återköp måste höja stacken till minst detta (0: inget)</translation>
    </message>
    <message>
        <source>The largest buy-in; a rebuy may bring the stack to at most this (0: none)</source>
        <translation>Det största inköpet; ett återköp får höja stacken till högst detta (0: inget)</translation>
    </message>
    <message>
        <source>Min. buy-in</source>
        <translation>Minsta inköp</translation>
    </message>
    <message>
        <source>Max. buy-in</source>
        <translation>Högsta inköp</translation>
    </message>
    <message>
        <source>Minimum buy-in</source>
        <translation>Minsta inköp</translation>
    </message>
    <message>
        <source>Maximum buy-in</source>
        <translation>Högsta inköp</translation>
    </message>
    <message>
        <source>Supervisor PIN</source>
        <translation>Inspektörens PIN-kod</translation>
    </message>
    <message>
        <source>Adding dealers and supervisors needs a supervisor: their name and PIN open the staff accounts.</source>
        <translation>Att lägga till dealrar och inspektörer kräver en inspektör: dennes namn och PIN-kod öppnar personalkontona.</translation>
    </message>
    <message>
        <source>Open staff accounts</source>
        <translation>Öppna personalkonton</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Roll</translation>
    </message>
    <message>
        <source>Add staff member</source>
        <translation>Lägg till personal</translation>
    </message>
    <message>
        <source>Unlock account</source>
        <translation>Lås upp konto</translation>
    </message>
    <message>
        <source>Lift the lock of the account named above (after too many wrong PINs); audited</source>
        <translation>Häv spärren för kontot ovan (efter för många felaktiga PIN-koder); skrivs i revisionsloggen</translation>
    </message>
    <message>
        <source>Reset PIN…</source>
        <translation>Återställ PIN-kod…</translation>
    </message>
    <message>
        <source>Set a new PIN for the account named above (one they forgot); it also lifts its lock; audited</source>
        <translation>Ange en ny PIN-kod för kontot ovan (en bortglömd); det häver också dess spärr; loggas i revisionen</translation>
    </message>
    <message>
        <source>Change my PIN…</source>
        <translation>Byt min PIN-kod…</translation>
    </message>
    <message>
        <source>Change the PIN of the member signed in (the PIN used now is asked)</source>
        <translation>Byt PIN-kod för den som är inloggad (nuvarande PIN-kod efterfrågas)</translation>
    </message>
    <message>
        <source>Authorised by {name}</source>
        <translation>Godkänt av {name}</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Logga ut</translation>
    </message>
    <message>
        <source>Back to the sign-in page (open tables stay open)</source>
        <translation>Tillbaka till inloggningen (öppna bord förblir öppna)</translation>
    </message>
    <message>
        <source>Open a table</source>
        <translation>Öppna ett bord</translation>
    </message>
    <message>
        <source>Open table</source>
        <translation>Öppna bord</translation>
    </message>
    <message>
        <source>New table</source>
        <translation>Nytt bord</translation>
    </message>
    <message>
        <source>Create table</source>
        <translation>Skapa bord</translation>
    </message>
    <message>
        <source>Signed in: {who}</source>
        <translation>Inloggad: {who}</translation>
    </message>
    <message>
        <source>Seat player</source>
        <translation>Placera spelare</translation>
    </message>
    <message>
        <source>Seat the player named above with the chips as buy-in</source>
        <translation>Placera spelaren ovan med markerna som inköp</translation>
    </message>
    <message>
        <source>Rebuy</source>
        <translation>Återköp</translation>
    </message>
    <message>
        <source>Add the chips to the seat&apos;s stack (between hands)</source>
        <translation>Lägg markerna till platsens stack (mellan händer)</translation>
    </message>
    <message>
        <source>Sit out</source>
        <translation>Sitt ute</translation>
    </message>
    <message>
        <source>The player keeps the seat but is not dealt in</source>
        <translation>Spelaren behåller platsen men får inga kort</translation>
    </message>
    <message>
        <source>Come back</source>
        <translation>Åter i spel</translation>
    </message>
    <message>
        <source>A player sitting out is dealt in again</source>
        <translation>En spelare som sitter ute får kort igen</translation>
    </message>
    <message>
        <source>Cash out</source>
        <translation>Inlösen</translation>
    </message>
    <message>
        <source>The player leaves the table: cash out the stack</source>
        <translation>Spelaren lämnar bordet: lös in stacken</translation>
    </message>
    <message>
        <source>Move…</source>
        <translation>Flytta…</translation>
    </message>
    <message>
        <source>Move the player of the seat above, with their chips, to another seat or table (between hands)</source>
        <translation>Flytta spelaren på platsen ovan, med sina marker, till en annan plats eller ett annat bord (mellan given)</translation>
    </message>
    <message>
        <source>Seat 1–6 (or click the seat on the table)</source>
        <translation>Plats 1–6 (eller klicka på platsen vid bordet)</translation>
    </message>
    <message>
        <source>Players moved here from another table with their chips: a click puts the name in the form; Seat player seats them with their chips</source>
        <translation>Spelare som flyttats hit från ett annat bord med sina marker: ett klick sätter namnet i formuläret; Placera spelare placerar dem med deras marker</translation>
    </message>
    <message>
        <source>Arriving: {players}</source>
        <translation>På väg hit: {players}</translation>
    </message>
    <message>
        <source>{player} · called {time} to {table}</source>
        <translation>{player} · kallad {time} till {table}</translation>
    </message>
    <message>
        <source>{entry} · NO SHOW?</source>
        <translation>{entry} · KOM INTE?</translation>
    </message>
    <message>
        <source>{player} · waiting {time}</source>
        <translation>{player} · väntar {time}</translation>
    </message>
    <message>
        <source>{entry} · {game}</source>
        <translation>{entry} · {game}</translation>
    </message>
    <message>
        <source>Waiting list</source>
        <translation>Väntelista</translation>
    </message>
    <message>
        <source>player&apos;s name</source>
        <translation>spelarens namn</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Lägg till</translation>
    </message>
    <message>
        <source>Call to a free seat</source>
        <translation>Kalla till en ledig plats</translation>
    </message>
    <message>
        <source>No show</source>
        <translation>Kom inte</translation>
    </message>
    <message>
        <source>Take off the list…</source>
        <translation>Ta bort från listan…</translation>
    </message>
    <message>
        <source>Waiting list · {game} ({count})</source>
        <translation>Väntelista · {game} ({count})</translation>
    </message>
    <message>
        <source>Type the player&apos;s name first.</source>
        <translation>Skriv spelarens namn först.</translation>
    </message>
    <message>
        <source>Buy-in when seating, or the rebuy</source>
        <translation>Inköp vid placering, eller återköpet</translation>
    </message>
    <message>
        <source>Chips</source>
        <translation>Marker</translation>
    </message>
    <message>
        <source>Apply from next hand</source>
        <translation>Tillämpa från nästa hand</translation>
    </message>
    <message>
        <source>Change dealer…</source>
        <translation>Byt dealer…</translation>
    </message>
    <message>
        <source>empty seat</source>
        <translation>tom plats</translation>
    </message>
    <message>
        <source>hole card recorded, face down: hold {key} to show it</source>
        <translation>hålkortet är registrerat, med baksidan upp: håll {key} för att visa det</translation>
    </message>
    <message>
        <source>bets in front {amount}</source>
        <translation>satsningar framför spelarna {amount}</translation>
    </message>
    <message>
        <source>DEALER</source>
        <translation>DEALER</translation>
    </message>
    <message>
        <source>Review [{key}]</source>
        <translation>Granskning [{key}]</translation>
    </message>
    <message>
        <source>Open the floor supervisor&apos;s hand log browser</source>
        <translation>Öppna inspektörens vy över handloggen</translation>
    </message>
    <message>
        <source>Back to the sign-in page; the hand in progress stays stored and resumes for the next dealer at this table</source>
        <translation>Tillbaka till inloggningen; den pågående handen sparas och fortsätter för nästa dealer vid bordet</translation>
    </message>
    <message>
        <source>Correct input… (supervisor)</source>
        <translation>Rätta inmatning… (inspektör)</translation>
    </message>
    <message>
        <source>Replace or strike the selected input (rule 11.3)</source>
        <translation>Ersätt eller stryk den valda inmatningen (regel 11.3)</translation>
    </message>
    <message>
        <source>{table} · {settings} · {hand} · Dealer {dealer}</source>
        <translation>{table} · {settings} · {hand} · Dealer {dealer}</translation>
    </message>
    <message>
        <source>{header}  —  from the next hand: {settings}</source>
        <translation>{header}  —  från nästa hand: {settings}</translation>
    </message>
    <message>
        <source>Americana — dealer</source>
        <translation>Americana — dealer</translation>
    </message>
    <message>
        <source>A hand is in progress</source>
        <translation>En hand pågår</translation>
    </message>
    <message>
        <source>A hand is in progress at this table. Close the window anyway? The hand stays stored and resumes when the table is opened again.</source>
        <translation>En hand pågår vid bordet. Stänga fönstret ändå? Handen finns kvar sparad och fortsätter när bordet öppnas igen.</translation>
    </message>
    <message>
        <source>Close the window</source>
        <translation>Stäng fönstret</translation>
    </message>
    <message>
        <source>a card is written as rank and suit, like &apos;As&apos;</source>
        <translation>ett kort skrivs som valör och färg, till exempel &apos;As&apos;</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>det är tomt</translation>
    </message>
    <message>
        <source>unknown suit &apos;{suit}&apos; (use s, h, d, c or ♠ ♥ ♦ ♣)</source>
        <translation>okänd färg &apos;{suit}&apos; (använd s, h, d, c eller ♠ ♥ ♦ ♣)</translation>
    </message>
    <message>
        <source>rank {rank} is not in the deck (it has 7 to ace only)</source>
        <translation>valören {rank} finns inte i leken (den har bara 7 till ess)</translation>
    </message>
    <message>
        <source>unknown rank &apos;{rank}&apos; (use 7 8 9 T J Q K A)</source>
        <translation>okänd valör &apos;{rank}&apos; (använd 7 8 9 T J Q K A)</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; does not start a card: a card starts with its rank 7 8 9 T J Q K A (or 10), then the suit s h d c</source>
        <translation>&apos;{key}&apos; börjar inget kort: ett kort börjar med valören 7 8 9 T J Q K A (eller 10), sedan färgen s h d c</translation>
    </message>
    <message>
        <source>unknown rank &apos;{rank}&apos; (use 7 8 9 T J Q K A, or 10)</source>
        <translation>okänd valör &apos;{rank}&apos; (använd 7 8 9 T J Q K A, eller 10)</translation>
    </message>
    <message>
        <source>&apos;{card}&apos; is not a card of the 32-card deck: {why}</source>
        <translation>&apos;{card}&apos; är inget kort i 32-kortsleken: {why}</translation>
    </message>
    <message>
        <source>the hand is complete: the pots were awarded</source>
        <translation>handen är avslutad: potterna är utdelade</translation>
    </message>
    <message>
        <source>seat {seat} has already posted the ante</source>
        <translation>plats {seat} har redan lagt ante</translation>
    </message>
    <message>
        <source>{card} is already dealt in this hand</source>
        <translation>{card} är redan given i den här handen</translation>
    </message>
    <message>
        <source>no card before every ante is in: seat {seats} still to ante (rule {rule})</source>
        <translation>inga kort förrän alla ante är inne: plats {seats} har inte lagt ante (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} has folded</source>
        <translation>plats {seat} har lagt sig</translation>
    </message>
    <message>
        <source>seat {seat} already has its hole card</source>
        <translation>plats {seat} har redan sitt hålkort</translation>
    </message>
    <message>
        <source>too late for a hole card: record it when the player shows it (rule {rule})</source>
        <translation>för sent för ett hålkort: registrera det när spelaren visar det (regel {rule})</translation>
    </message>
    <message>
        <source>no up card now: the betting round is still open (rule {rule})</source>
        <translation>inget öppet kort nu: satsningsrundan pågår fortfarande (regel {rule})</translation>
    </message>
    <message>
        <source>no up card now: all cards are dealt (rule {rule})</source>
        <translation>inget öppet kort nu: alla kort är givna (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} already has its card for this street (rule {rule})</source>
        <translation>plats {seat} har redan sitt kort på den här gatan (regel {rule})</translation>
    </message>
    <message>
        <source>no betting now: antes are being posted</source>
        <translation>inga satsningar nu: ante läggs</translation>
    </message>
    <message>
        <source>no betting now: cards are being dealt</source>
        <translation>inga satsningar nu: korten ges</translation>
    </message>
    <message>
        <source>no betting now: it is the showdown</source>
        <translation>inga satsningar nu: det är showdown</translation>
    </message>
    <message>
        <source>seat {seat} has folded (rule {rule})</source>
        <translation>plats {seat} har lagt sig (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} is all-in (rule {rule})</source>
        <translation>plats {seat} är all-in (regel {rule})</translation>
    </message>
    <message>
        <source>seat {due} is due to act, not seat {seat}</source>
        <translation>plats {due} är i tur, inte plats {seat}</translation>
    </message>
    <message>
        <source>the bring-in was already posted</source>
        <translation>bring-in är redan lagd</translation>
    </message>
    <message>
        <source>there is no bring-in in round {round}</source>
        <translation>det finns ingen bring-in i runda {round}</translation>
    </message>
    <message>
        <source>there is no bet to call: check (or bet)</source>
        <translation>det finns ingen satsning att syna: checka (eller satsa)</translation>
    </message>
    <message>
        <source>seat {seat} faces a bet of {bet}: call, raise or fold (rule {rule})</source>
        <translation>plats {seat} har en satsning på {bet} mot sig: syna, höj eller lägg dig (regel {rule})</translation>
    </message>
    <message>
        <source>every other player is all-in and no bet faces this seat: it checks (rule {rule})</source>
        <translation>alla andra spelare är all-in och ingen satsning står mot platsen: den checkar (regel {rule})</translation>
    </message>
    <message>
        <source>every opponent is all-in: nobody may bet or raise (rule {rule})</source>
        <translation>alla motspelare är all-in: ingen får satsa eller höja (regel {rule})</translation>
    </message>
    <message>
        <source>there is already a bet of {bet}: raise or call</source>
        <translation>det finns redan en satsning på {bet}: höj eller syna</translation>
    </message>
    <message>
        <source>there is no bet to raise: bet instead</source>
        <translation>det finns ingen satsning att höja: satsa i stället</translation>
    </message>
    <message>
        <source>the raise cap is reached: {cap} raises (rule {rule})</source>
        <translation>taket för höjningar är nått: {cap} höjningar (regel {rule})</translation>
    </message>
    <message>
        <source>the betting was not reopened by a full raise: seat may only call or fold (rule {rule})</source>
        <translation>satsningen öppnades inte igen av en full höjning: platsen får bara syna eller lägga sig (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} can only call all-in</source>
        <translation>plats {seat} kan bara syna all-in</translation>
    </message>
    <message>
        <source>seat {due} must bring in first (rule {rule}), not seat {seat}</source>
        <translation>plats {due} måste lägga bring-in först (regel {rule}), inte plats {seat}</translation>
    </message>
    <message>
        <source>in fixed limit the bring-in is {bring_in}: no opening bet (rule {rule})</source>
        <translation>i Fixed limit är bring-in {bring_in}: ingen öppningssatsning (regel {rule})</translation>
    </message>
    <message>
        <source>seat {due} must bring in {bring_in} first (rule {rule})</source>
        <translation>plats {due} måste först lägga bring-in {bring_in} (regel {rule})</translation>
    </message>
    <message>
        <source>a bet must be to a positive amount, not {to}</source>
        <translation>en satsning måste vara till ett positivt belopp, inte {to}</translation>
    </message>
    <message>
        <source>a raise must be to a positive amount, not {to}</source>
        <translation>en höjning måste vara till ett positivt belopp, inte {to}</translation>
    </message>
    <message>
        <source>a bet to {to} is more than the largest amount the app takes ({maximum})</source>
        <translation>en satsning till {to} är mer än det största belopp appen tar emot ({maximum})</translation>
    </message>
    <message>
        <source>a raise to {to} is more than the largest amount the app takes ({maximum})</source>
        <translation>en höjning till {to} är mer än det största belopp appen tar emot ({maximum})</translation>
    </message>
    <message>
        <source>bet to {to} is more than seat {seat} has: all-in is {all_in} (rule {rule})</source>
        <translation>satsning till {to} är mer än plats {seat} har: all-in är {all_in} (regel {rule})</translation>
    </message>
    <message>
        <source>raise to {to} is more than seat {seat} has: all-in is {all_in} (rule {rule})</source>
        <translation>höjning till {to} är mer än plats {seat} har: all-in är {all_in} (regel {rule})</translation>
    </message>
    <message>
        <source>{to} is not a multiple of the chip unit {unit} (rule {rule})</source>
        <translation>{to} är inte en multipel av markerenheten {unit} (regel {rule})</translation>
    </message>
    <message>
        <source>a raise must be to more than {bet}</source>
        <translation>en höjning måste vara till mer än {bet}</translation>
    </message>
    <message>
        <source>bet to {to} is above the pot limit: at most {maximum} (rule {rule})</source>
        <translation>satsning till {to} är över pottgränsen: högst {maximum} (regel {rule})</translation>
    </message>
    <message>
        <source>raise to {to} is above the pot limit: at most {maximum} (rule {rule})</source>
        <translation>höjning till {to} är över pottgränsen: högst {maximum} (regel {rule})</translation>
    </message>
    <message>
        <source>bet to {to} is above the fixed-limit amount: at most {maximum} (rule {rule})</source>
        <translation>satsning till {to} är över beloppet i Fixed limit: högst {maximum} (regel {rule})</translation>
    </message>
    <message>
        <source>raise to {to} is above the fixed-limit amount: at most {maximum} (rule {rule})</source>
        <translation>höjning till {to} är över beloppet i Fixed limit: högst {maximum} (regel {rule})</translation>
    </message>
    <message>
        <source>in fixed limit this bet is to exactly {amount} (rule {rule})</source>
        <translation>i Fixed limit är den här satsningen till exakt {amount} (regel {rule})</translation>
    </message>
    <message>
        <source>in fixed limit this raise is to exactly {amount} (rule {rule})</source>
        <translation>i Fixed limit är den här höjningen till exakt {amount} (regel {rule})</translation>
    </message>
    <message>
        <source>bet to {to} is below the minimum {minimum} (rule {rule})</source>
        <translation>satsning till {to} är under minimum {minimum} (regel {rule})</translation>
    </message>
    <message>
        <source>raise to {to} is below the minimum {minimum} (rule {rule})</source>
        <translation>höjning till {to} är under minimum {minimum} (regel {rule})</translation>
    </message>
    <message>
        <source>no showdown yet: the hand is still being played</source>
        <translation>ingen showdown än: handen spelas fortfarande</translation>
    </message>
    <message>
        <source>seat {due} must show or muck before seat {seat} (rule {rule})</source>
        <translation>plats {due} måste visa eller kasta före plats {seat} (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} may not muck: it shows first (rule {rule})</source>
        <translation>plats {seat} får inte kasta: den visar först (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} may not muck: a player is all-in, so every hand is shown (rule {rule})</source>
        <translation>plats {seat} får inte kasta: en spelare är all-in, så alla händer visas (regel {rule})</translation>
    </message>
    <message>
        <source>seat {seat} must show its hole card: enter it (it was not recorded at the deal)</source>
        <translation>plats {seat} måste visa sitt hålkort: skriv in det (det registrerades inte vid given)</translation>
    </message>
    <message>
        <source>seat {seat} shows {card} but {hole} was recorded as its hole card at the deal: call the floor supervisor (rule {rule})</source>
        <translation>plats {seat} visar {card} men {hole} registrerades som dess hålkort vid given: tillkalla inspektören (regel {rule})</translation>
    </message>
    <message>
        <source>Hole-card mismatch</source>
        <translation>Fel hålkort</translation>
    </message>
    <message>
        <source>Dispute</source>
        <translation>Tvist</translation>
    </message>
    <message>
        <source>{what} cannot be empty</source>
        <translation>{what} får inte vara tomt</translation>
    </message>
    <message>
        <source>{what} is {length} characters; at most {maximum}</source>
        <translation>{what} har {length} tecken; högst {maximum}</translation>
    </message>
    <message>
        <source>{kind} is not a kind of call; one of {kinds}</source>
        <translation>{kind} är ingen sorts anrop; ett av {kinds}</translation>
    </message>
    <message>
        <source>the reason of a call</source>
        <translation>skälet till ett anrop</translation>
    </message>
    <message>
        <source>no table with id {id}</source>
        <translation>inget bord med id {id}</translation>
    </message>
    <message>
        <source>table {table} has no hand with id {id}</source>
        <translation>bord {table} har ingen hand med id {id}</translation>
    </message>
    <message>
        <source>acknowledging a call</source>
        <translation>att kvittera ett anrop</translation>
    </message>
    <message>
        <source>{name} already acknowledged this call</source>
        <translation>{name} har redan kvitterat det här anropet</translation>
    </message>
    <message>
        <source>resolving a call</source>
        <translation>att lösa ett anrop</translation>
    </message>
    <message>
        <source>the note of a resolved call</source>
        <translation>anteckningen till ett löst anrop</translation>
    </message>
    <message>
        <source>{name} already resolved this call</source>
        <translation>{name} har redan löst det här anropet</translation>
    </message>
    <message>
        <source>no floor call with id {id}</source>
        <translation>inget floor-anrop med id {id}</translation>
    </message>
    <message>
        <source>{what} needs a supervisor; {name} is a dealer</source>
        <translation>{what} kräver en inspektör; {name} är dealer</translation>
    </message>
    <message>
        <source>{kind} · hand {hand} — {reason}</source>
        <translation>{kind} · hand {hand} — {reason}</translation>
    </message>
    <message>
        <source>{kind} — {reason}</source>
        <translation>{kind} — {reason}</translation>
    </message>
    <message>
        <source>answered in {time} by {name}</source>
        <translation>besvarat på {time} av {name}</translation>
    </message>
    <message>
        <source>not answered yet</source>
        <translation>inte besvarat än</translation>
    </message>
    <message>
        <source>resolved in {time}: {note}</source>
        <translation>avslutat på {time}: {note}</translation>
    </message>
    <message>
        <source>the currency must be a three-letter code such as EUR or SEK, not {text}</source>
        <translation>valutan måste vara en kod på tre bokstäver, som EUR eller SEK, inte {text}</translation>
    </message>
    <message>
        <source>a player&apos;s name has at most {limit} characters, not {length}</source>
        <translation>en spelares namn har högst {limit} tecken, inte {length}</translation>
    </message>
    <message>
        <source>{what} needs a reason</source>
        <translation>{what} kräver ett skäl</translation>
    </message>
    <message>
        <source>{what} needs a supervisor; {name} is not one now</source>
        <translation>{what} kräver en inspektör; {name} är inte det längre</translation>
    </message>
    <message>
        <source>{what} of {amount} is above this table&apos;s dual-control amount of {limit}: a second supervisor&apos;s PIN is needed</source>
        <translation>{what} på {amount} är över bordets gräns för dubbelkontroll på {limit}: en andra inspektörs PIN-kod behövs</translation>
    </message>
    <message>
        <source>{what}: the second supervisor must be another person than {name}</source>
        <translation>{what}: den andra inspektören måste vara en annan person än {name}</translation>
    </message>
    <message>
        <source>{name}&apos;s PIN is shorter than a supervisor&apos;s PIN must now be (6 to 12 digits): change it (Change my PIN…, or dealer-app staff pin) before any supervisor act</source>
        <translation>{name}s PIN-kod är kortare än en inspektörs PIN-kod nu måste vara (6 till 12 siffror): byt den (Byt min PIN-kod…, eller dealer-app staff pin) före varje inspektörsåtgärd</translation>
    </message>
    <message>
        <source>{what}: another program changed the same data; try again ({error})</source>
        <translation>{what}: ett annat program ändrade samma data; försök igen ({error})</translation>
    </message>
    <message>
        <source>no table named {name} (tables: {tables})</source>
        <translation>inget bord heter {name} (bord: {tables})</translation>
    </message>
    <message>
        <source>none</source>
        <comment>tables</comment>
        <translation>inga</translation>
    </message>
    <message>
        <source>hand {hand}: its stored event {index} is refused by the rules ({reason})</source>
        <translation>hand {hand}: dess sparade händelse {index} nekas av reglerna ({reason})</translation>
    </message>
    <message>
        <source>hand {hand}: its stored seats and settings are refused by the rules ({reason})</source>
        <translation>hand {hand}: dess sparade platser och inställningar nekas av reglerna ({reason})</translation>
    </message>
    <message>
        <source>hand {hand}: its stored seats and settings cannot be read ({reason})</source>
        <translation>hand {hand}: dess sparade platser och inställningar kan inte läsas ({reason})</translation>
    </message>
    <message>
        <source>{player} is playing hand {other} now: finish or void that hand first, then change this one</source>
        <translation>{player} spelar hand {other} nu: avsluta eller annullera den handen först, ändra sedan den här</translation>
    </message>
    <message>
        <source>{player} has left the table</source>
        <translation>{player} har lämnat bordet</translation>
    </message>
    <message>
        <source>taking the result back would leave {player} with {chips} chips</source>
        <translation>att ta tillbaka resultatet skulle lämna {player} med {chips} marker</translation>
    </message>
    <message>
        <source>{player} has left the table: the corrected result cannot reach their stack (adjust stacks instead)</source>
        <translation>{player} har lämnat bordet: det rättade resultatet når inte spelarens stack (justera stackar i stället)</translation>
    </message>
    <message>
        <source>the corrected result would leave {player} with {chips} chips</source>
        <translation>det rättade resultatet skulle lämna {player} med {chips} marker</translation>
    </message>
    <message>
        <source>name the exposed card</source>
        <translation>ange det visade kortet</translation>
    </message>
    <message>
        <source>the hand is complete: a misdeal is declared while the hand is dealt; a complete hand is voided from the review (rule 11.2)</source>
        <translation>handen är klar: felgiv förklaras medan handen ges; en klar hand annulleras från granskningen (regel 11.2)</translation>
    </message>
    <message>
        <source>no session with id {id}</source>
        <translation>ingen session med id {id}</translation>
    </message>
    <message>
        <source>session {id} is closed</source>
        <translation>session {id} är stängd</translation>
    </message>
    <message>
        <source>a hand is already in progress at this table</source>
        <translation>en hand pågår redan vid det här bordet</translation>
    </message>
    <message>
        <source>a hand needs at least two players with chips</source>
        <translation>en hand kräver minst två spelare med marker</translation>
    </message>
    <message>
        <source>no hand can be dealt: {error}. A supervisor adjusts the stack or the table settings first</source>
        <translation>ingen hand kan ges: {error}. En inspektör justerar stacken eller bordets inställningar först</translation>
    </message>
    <message>
        <source>starting a hand</source>
        <translation>att starta en hand</translation>
    </message>
    <message>
        <source>recording an input</source>
        <translation>att registrera en inmatning</translation>
    </message>
    <message>
        <source>hand {number} is void</source>
        <translation>hand {number} är annullerad</translation>
    </message>
    <message>
        <source>there is no input to undo in this hand</source>
        <translation>det finns ingen inmatning att ångra i den här handen</translation>
    </message>
    <message>
        <source>changing a completed hand (rule 11.3)</source>
        <translation>att ändra en avslutad hand (regel 11.3)</translation>
    </message>
    <message>
        <source>an imported hand takes no undo; a supervisor can correct its inputs</source>
        <translation>en importerad hand kan inte ångras; en inspektör kan rätta dess inmatningar</translation>
    </message>
    <message>
        <source>a later hand has started; a supervisor can void or correct this one</source>
        <translation>en senare hand har startat; en inspektör kan annullera eller rätta den här</translation>
    </message>
    <message>
        <source>its session is closed; a supervisor can void or correct this hand</source>
        <translation>dess session är stängd; en inspektör kan annullera eller rätta den här handen</translation>
    </message>
    <message>
        <source>undoing an input</source>
        <translation>att ångra en inmatning</translation>
    </message>
    <message>
        <source>correcting an input (rule 11.3)</source>
        <translation>att rätta en inmatning (regel 11.3)</translation>
    </message>
    <message>
        <source>#{seq} is no longer in force (undone, struck or corrected since)</source>
        <translation>#{seq} gäller inte längre (ångrad, struken eller rättad sedan dess)</translation>
    </message>
    <message>
        <source>this hand has no input #{seq}</source>
        <translation>den här handen har ingen inmatning #{seq}</translation>
    </message>
    <message>
        <source>#{seq} already reads {input}: nothing to correct</source>
        <translation>#{seq} lyder redan {input}: inget att rätta</translation>
    </message>
    <message>
        <source>the correction ({input})</source>
        <translation>rättelsen ({input})</translation>
    </message>
    <message>
        <source>input #{seq} ({input})</source>
        <translation>inmatning #{seq} ({input})</translation>
    </message>
    <message>
        <source>correction refused: with it, {what} is refused by the rules: {reason} [{code}]. Nothing was stored.</source>
        <translation>rättelsen nekas: med den nekas {what} av reglerna: {reason} [{code}]. Inget sparades.</translation>
    </message>
    <message>
        <source>only a supervisor or the table&apos;s dealer can announce its closing; {name} is not dealing here</source>
        <translation>bara en inspektör eller bordets Dealer kan avisera att bordet stänger; {name} delar inte ut här</translation>
    </message>
    <message>
        <source>correction refused: {error}</source>
        <translation>rättelsen nekas: {error}</translation>
    </message>
    <message>
        <source>with this correction the hand is no longer complete, and a later hand has started at this table: void the hand instead</source>
        <translation>med den här rättelsen är handen inte längre avslutad, och en senare hand har startat vid bordet: annullera handen i stället</translation>
    </message>
    <message>
        <source>correcting an input</source>
        <translation>att rätta en inmatning</translation>
    </message>
    <message>
        <source>the exposed card: {error}</source>
        <translation>det visade kortet: {error}</translation>
    </message>
    <message>
        <source>voiding a hand</source>
        <translation>att annullera en hand</translation>
    </message>
    <message>
        <source>hand {number} is already void</source>
        <translation>hand {number} är redan annullerad</translation>
    </message>
    <message>
        <source>no hand with id {id}</source>
        <translation>ingen hand med id {id}</translation>
    </message>
    <message>
        <source>hand {number} is void; it takes no more inputs</source>
        <translation>hand {number} är annullerad; den tar inte emot fler inmatningar</translation>
    </message>
    <message>
        <source>hand {number} is complete; it takes no more inputs</source>
        <translation>hand {number} är avslutad; den tar inte emot fler inmatningar</translation>
    </message>
    <message>
        <source>{name} at {host} since {time} (last heard from {seconds} s ago)</source>
        <translation>{name} vid {host} sedan {time} (hördes senast för {seconds} s sedan)</translation>
    </message>
    <message>
        <source>{table} is open on another workstation: {lease}. Take it over only if nobody works there</source>
        <translation>{table} är öppet på en annan arbetsstation: {lease}. Ta över bara om ingen arbetar där</translation>
    </message>
    <message>
        <source>this workstation no longer holds {table}: open the table again; the input was not recorded</source>
        <translation>den här arbetsstationen har inte längre {table}: öppna bordet igen; inmatningen registrerades inte</translation>
    </message>
    <message>
        <source>{table} was taken over by another workstation ({lease}): this window records nothing more; the input was not recorded</source>
        <translation>{table} togs över av en annan arbetsstation ({lease}): det här fönstret registrerar inget mer; inmatningen registrerades inte</translation>
    </message>
    <message>
        <source>opening the table</source>
        <translation>att öppna bordet</translation>
    </message>
    <message>
        <source>unknown name or wrong PIN</source>
        <translation>okänt namn eller fel PIN-kod</translation>
    </message>
    <message>
        <source>a dealer&apos;s PIN is {low} to {high} digits</source>
        <translation>en dealers PIN-kod har {low} till {high} siffror</translation>
    </message>
    <message>
        <source>a supervisor&apos;s PIN is {low} to {high} digits</source>
        <translation>en inspektörs PIN-kod har {low} till {high} siffror</translation>
    </message>
    <message>
        <source>a PIN of one digit repeated or of digits in a row (such as 0000 or 1234) is the first one anybody tries: choose another</source>
        <translation>en PIN-kod av en upprepad siffra eller siffror i följd (som 0000 eller 1234) är den första alla provar: välj en annan</translation>
    </message>
    <message>
        <source>the staff PINs of this database were hashed with {count} different PIN keys ({keys}): every workstation of a floor must hold the same one (dealer-app staff pin-key import)</source>
        <translation>databasens PIN-koder hashades med {count} olika PIN-nycklar ({keys}): alla arbetsstationer på ett golv måste ha samma (dealer-app staff pin-key import)</translation>
    </message>
    <message>
        <source>this workstation does not hold the PIN key {key} the staff PINs of this database were hashed with: import it from the floor&apos;s first workstation (dealer-app staff pin-key export FILE there, dealer-app staff pin-key import FILE here)</source>
        <translation>den här arbetsstationen har inte PIN-nyckeln {key} som databasens PIN-koder hashades med: importera den från golvets första arbetsstation (dealer-app staff pin-key export FIL där, dealer-app staff pin-key import FIL här)</translation>
    </message>
    <message>
        <source>a staff name is 1 to 80 characters</source>
        <translation>ett personalnamn har 1 till 80 tecken</translation>
    </message>
    <message>
        <source>role must be dealer or supervisor, not {role}</source>
        <translation>rollen måste vara dealer eller inspektör, inte {role}</translation>
    </message>
    <message>
        <source>the first account must be a supervisor</source>
        <translation>det första kontot måste vara en inspektör</translation>
    </message>
    <message>
        <source>adding staff needs a supervisor</source>
        <translation>att lägga till personal kräver en inspektör</translation>
    </message>
    <message>
        <source>adding staff</source>
        <translation>att lägga till personal</translation>
    </message>
    <message>
        <source>there is already a staff member named {name}</source>
        <translation>det finns redan en anställd som heter {name}</translation>
    </message>
    <message>
        <source>adding {name}</source>
        <translation>att lägga till {name}</translation>
    </message>
    <message>
        <source>the PIN was changed meanwhile: type it again</source>
        <translation>PIN-koden ändrades under tiden: skriv den igen</translation>
    </message>
    <message>
        <source>recovering an account needs a reason</source>
        <translation>att återställa ett konto kräver ett skäl</translation>
    </message>
    <message>
        <source>{name} is not a supervisor: another supervisor resets a dealer&apos;s PIN</source>
        <translation>{name} är inte inspektör: en annan inspektör återställer en dealers PIN-kod</translation>
    </message>
    <message>
        <source>{names} can still sign in: a supervisor resets {name}&apos;s PIN with Reset PIN… (recovery is for the last supervisor)</source>
        <translation>{names} kan fortfarande logga in: en inspektör återställer {name}s PIN-kod med Återställ PIN-kod… (återställning är för den sista inspektören)</translation>
    </message>
    <message>
        <source>the account changed meanwhile; nothing was changed</source>
        <translation>kontot ändrades under tiden; inget ändrades</translation>
    </message>
    <message>
        <source>recovering the last supervisor needs the database&apos;s owner role; {user} is not it (connect as {owner})</source>
        <translation>att återställa den sista inspektören kräver databasens ägarroll; {user} är det inte (anslut som {owner})</translation>
    </message>
    <message>
        <source>recovering the last supervisor needs the checkpoint key of the workstation that keeps this database (its configuration folder); this one&apos;s key signed none of its checkpoints</source>
        <translation>att återställa den sista inspektören kräver kontrollpunktsnyckeln från arbetsstationen som har databasen (dess konfigurationsmapp); den här nyckeln har inte signerat någon av dess kontrollpunkter</translation>
    </message>
    <message>
        <source>unlocking an account needs a reason</source>
        <translation>att låsa upp ett konto kräver ett skäl</translation>
    </message>
    <message>
        <source>unlocking an account</source>
        <translation>att låsa upp ett konto</translation>
    </message>
    <message>
        <source>no staff member named {name}</source>
        <translation>ingen anställd heter {name}</translation>
    </message>
    <message>
        <source>another supervisor unlocks your own account</source>
        <translation>ditt eget konto låses upp av en annan inspektör</translation>
    </message>
    <message>
        <source>a supervisor act needs a reason</source>
        <translation>en inspektörsåtgärd kräver ett skäl</translation>
    </message>
    <message>
        <source>no active staff member named {name}</source>
        <translation>ingen aktiv personal heter {name}</translation>
    </message>
    <message>
        <source>the new PIN is the same as the old one: choose another</source>
        <translation>den nya PIN-koden är samma som den gamla: välj en annan</translation>
    </message>
    <message>
        <source>resetting a PIN</source>
        <translation>att återställa en PIN-kod</translation>
    </message>
    <message>
        <source>change your own PIN with Change my PIN (it asks for the old one), or ask another supervisor</source>
        <translation>byt din egen PIN-kod med Byt min PIN-kod (den frågar efter den gamla), eller be en annan inspektör</translation>
    </message>
    <message>
        <source>that is already {name}&apos;s PIN: choose another</source>
        <translation>det är redan PIN-koden för {name}: välj en annan</translation>
    </message>
    <message>
        <source>the account was closed meanwhile; nothing was changed</source>
        <translation>kontot stängdes under tiden; inget ändrades</translation>
    </message>
    <message>
        <source>the PIN was changed meanwhile; nothing was changed</source>
        <translation>PIN-koden ändrades under tiden; inget ändrades</translation>
    </message>
    <message>
        <source>{warning}. Closing it anyway needs a reason for the difference; nothing was changed</source>
        <translation>{warning}. Att stänga ändå kräver ett skäl till skillnaden; inget ändrades</translation>
    </message>
    <message>
        <source>{what} must be a whole amount above 0, not {amount}</source>
        <translation>{what} måste vara ett helt belopp över 0, inte {amount}</translation>
    </message>
    <message>
        <source>creating a table</source>
        <translation>att skapa ett bord</translation>
    </message>
    <message>
        <source>a table needs a name</source>
        <translation>ett bord behöver ett namn</translation>
    </message>
    <message>
        <source>there is already a table named {name}</source>
        <translation>det finns redan ett bord som heter {name}</translation>
    </message>
    <message>
        <source>changing table settings</source>
        <translation>att ändra bordets inställningar</translation>
    </message>
    <message>
        <source>the dual-control amount is a whole amount from 0 (off) to {max}, not {amount}</source>
        <translation>gränsen för dubbelkontroll är ett helt belopp från 0 (av) till {max}, inte {amount}</translation>
    </message>
    <message>
        <source>dual control is on at this table: changing its amount needs a second supervisor&apos;s PIN</source>
        <translation>dubbelkontroll gäller vid bordet: att ändra gränsen kräver en andra inspektörs PIN-kod</translation>
    </message>
    <message>
        <source>table {table} already has an open session</source>
        <translation>bord {table} har redan en öppen session</translation>
    </message>
    <message>
        <source>another program opened a session on this table</source>
        <translation>ett annat program öppnade en session vid det här bordet</translation>
    </message>
    <message>
        <source>closing a session</source>
        <translation>att stänga en session</translation>
    </message>
    <message>
        <source>finish or void the hand in progress first</source>
        <translation>avsluta eller annullera den pågående handen först</translation>
    </message>
    <message>
        <source>a player needs a name</source>
        <translation>en spelare behöver ett namn</translation>
    </message>
    <message>
        <source>seat must be 1 to 6, not {seat}</source>
        <translation>platsen måste vara 1 till 6, inte {seat}</translation>
    </message>
    <message>
        <source>seat {seat} is taken by {player}: choose an empty seat; nothing was changed</source>
        <translation>plats {seat} är upptagen av {player}: välj en tom plats; inget ändrades</translation>
    </message>
    <message>
        <source>the player is already in seat {seat}</source>
        <translation>spelaren sitter redan på plats {seat}</translation>
    </message>
    <message>
        <source>seat {seat} to seat {to}</source>
        <translation>plats {seat} till plats {to}</translation>
    </message>
    <message>
        <source>{player} is already at {table}: choose another seat instead</source>
        <translation>{player} sitter redan vid {table}: välj en annan plats i stället</translation>
    </message>
    <message>
        <source>{table} has no open session: no seat to move {player} to; nothing was changed</source>
        <translation>{table} har ingen öppen session: ingen plats att flytta {player} till; inget ändrades</translation>
    </message>
    <message>
        <source>{player} is already seated at {table}</source>
        <translation>{player} sitter redan vid {table}</translation>
    </message>
    <message>
        <source>{player}&apos;s {chips} are not whole chips at {table} (chip unit {unit}): change the stack first; nothing was changed</source>
        <translation>{player}s {chips} är inte hela marker vid {table} (markerenhet {unit}): ändra stacken först; inget ändrades</translation>
    </message>
    <message>
        <source>to {table}</source>
        <translation>till {table}</translation>
    </message>
    <message>
        <source>no player moving with chips has id {id}</source>
        <translation>ingen spelare som flyttar med marker har id {id}</translation>
    </message>
    <message>
        <source>{player} is not moving to this table</source>
        <translation>{player} flyttar inte till detta bord</translation>
    </message>
    <message>
        <source>from {table}</source>
        <translation>från {table}</translation>
    </message>
    <message>
        <source>the buy-in</source>
        <translation>inköpet</translation>
    </message>
    <message>
        <source>seat {seat} is taken</source>
        <translation>plats {seat} är upptagen</translation>
    </message>
    <message>
        <source>{player} is already seated at this table</source>
        <translation>{player} sitter redan vid det här bordet</translation>
    </message>
    <message>
        <source>{player} is moving here from another table with {chips}: seat them with their chips, not a buy-in; nothing was changed</source>
        <translation>{player} flyttar hit från ett annat bord med {chips}: placera spelaren med sina marker, inte med ett inköp; inget ändrades</translation>
    </message>
    <message>
        <source>seat {seat} was taken by another program</source>
        <translation>plats {seat} togs av ett annat program</translation>
    </message>
    <message>
        <source>the rebuy</source>
        <translation>återköpet</translation>
    </message>
    <message>
        <source>adjusting a stack</source>
        <translation>att justera en stack</translation>
    </message>
    <message>
        <source>an adjustment is a whole amount other than 0, not {amount}</source>
        <translation>en justering är ett helt belopp skilt från 0, inte {amount}</translation>
    </message>
    <message>
        <source>settling owed chips</source>
        <translation>att reglera skuldmarker</translation>
    </message>
    <message>
        <source>the amount settled</source>
        <translation>det reglerade beloppet</translation>
    </message>
    <message>
        <source>no chips are owed to or by {who} in session {session}</source>
        <translation>inga marker är skuld till eller från {who} i session {session}</translation>
    </message>
    <message>
        <source>chips are owed to more than one player of {who}: name the player</source>
        <translation>marker är skuld till mer än en spelare för {who}: ange spelaren</translation>
    </message>
    <message>
        <source>{player} (seat {seat}) is owed only {owed}, not {amount}; nothing was changed</source>
        <translation>{player} (plats {seat}) har bara {owed} att få, inte {amount}; inget ändrades</translation>
    </message>
    <message>
        <source>{player} (seat {seat}) owes only {owed}, not {amount}; nothing was changed</source>
        <translation>{player} (plats {seat}) är bara skyldig {owed}, inte {amount}; inget ändrades</translation>
    </message>
    <message>
        <source>these settings do not fit the chips at the table: {error}. Change the stacks first (rebuy or adjust), or choose a chip unit that divides every stack; nothing was changed</source>
        <translation>inställningarna passar inte markerna vid bordet: {error}. Ändra stackarna först (återköp eller justera), eller välj en markerenhet som delar varje stack; inget ändrades</translation>
    </message>
    <message>
        <source>the chip unit can change from {old} to {new} only between hands (the hand in progress could leave stacks that are not multiples of it); nothing was changed</source>
        <translation>markerenheten kan bara ändras från {old} till {new} mellan händer (den pågående handen kan lämna stackar som inte är multiplar av den); inget ändrades</translation>
    </message>
    <message>
        <source>seat {seat} has only {stack}</source>
        <translation>plats {seat} har bara {stack}</translation>
    </message>
    <message>
        <source>{amount} is not a multiple of the chip unit {unit}</source>
        <translation>{amount} är inte en multipel av markerenheten {unit}</translation>
    </message>
    <message>
        <source>no staff member with id {id}</source>
        <translation>ingen anställd med id {id}</translation>
    </message>
    <message>
        <source>nobody is seated in seat {seat}</source>
        <translation>ingen sitter på plats {seat}</translation>
    </message>
    <message>
        <source>seat {seat} is in the hand in progress; wait until it ends</source>
        <translation>plats {seat} är med i den pågående handen; vänta tills den är slut</translation>
    </message>
    <message>
        <source>chain heads (SHA-256)</source>
        <translation>kedjehuvuden (SHA-256)</translation>
    </message>
    <message>
        <source>session digest v2 (SHA-256 of its hands, seats, stack moves, acts and calls)</source>
        <translation>sessionens kontrollsumma v2 (SHA-256 över dess händer, platser, stackändringar, åtgärder och golvanrop)</translation>
    </message>
    <message>
        <source>signed checkpoint {checkpoint}; {kind} over {hands} hand(s): {short}</source>
        <translation>signerad kontrollpunkt {checkpoint}; {kind} över {hands} händer: {short}</translation>
    </message>
    <message>
        <source>{kind} over {hands} hand(s): {short}</source>
        <translation>{kind} över {hands} händer: {short}</translation>
    </message>
    <message>
        <source> ({count} newer ledger entries not sealed yet)</source>
        <translation> ({count} nyare poster i loggkedjan är ännu inte förseglade)</translation>
    </message>
    <message>
        <source>{checkpoint}, key {key}</source>
        <translation>{checkpoint}, nyckel {key}</translation>
    </message>
    <message>
        <source>{text} is not a fingerprint version this dealer-app knows</source>
        <translation>{text} är ingen fingeravtrycksversion som den här dealer-app känner till</translation>
    </message>
    <message>
        <source>{text} is not a fingerprint a report prints (#seq xxxx-xxxx-xxxx-xxxx, v2 and 32 hex digits, 32 hex digits, or a chain head of 16)</source>
        <translation>{text} är inget fingeravtryck som en rapport skriver ut (#seq xxxx-xxxx-xxxx-xxxx, v2 och 32 hexadecimala siffror, 32 hexadecimala siffror eller ett kedjehuvud på 16)</translation>
    </message>
    <message>
        <source>a session fingerprint has 32 hex digits, not {count}</source>
        <translation>en sessions fingeravtryck har 32 hexadecimala siffror, inte {count}</translation>
    </message>
    <message>
        <source>NOT FOUND: no session&apos;s fingerprint (version {version}) is {short}; the session changed since it was printed, or the paper is not of this database</source>
        <translation>NOT FOUND: ingen sessions fingeravtryck (version {version}) är {short}; sessionen har ändrats sedan den skrevs ut, eller så hör pappret inte till den här databasen</translation>
    </message>
    <message>
        <source>found: session {sessions} (fingerprint version {version}) is as it was printed</source>
        <translation>hittad: session {sessions} (fingeravtryck version {version}) är som när den skrevs ut</translation>
    </message>
    <message>
        <source>CHANGED: checkpoint #{seq} is stored, but the ledger&apos;s entry #{seq} no longer has its digest</source>
        <translation>CHANGED: kontrollpunkt #{seq} finns sparad, men loggkedjans post #{seq} har inte längre dess kontrollsumma</translation>
    </message>
    <message>
        <source>its signature holds</source>
        <translation>dess signatur håller</translation>
    </message>
    <message>
        <source>its signature does NOT hold</source>
        <translation>dess signatur håller INTE</translation>
    </message>
    <message>
        <source>found: checkpoint #{seq} of {at} UTC ({reason}), key {key}; {holds} (log verify checks the key&apos;s trust and the ledger up to it)</source>
        <translation>hittad: kontrollpunkt #{seq} från {at} UTC ({reason}), nyckel {key}; {holds} (log verify kontrollerar att nyckeln är betrodd och loggkedjan fram till den)</translation>
    </message>
    <message>
        <source>NOT FOUND: the ledger&apos;s entry #{seq} has this digest, but no checkpoint of it is stored (deleted?)</source>
        <translation>NOT FOUND: loggkedjans post #{seq} har den här kontrollsumman, men ingen kontrollpunkt över den finns sparad (raderad?)</translation>
    </message>
    <message>
        <source>NOT FOUND: this database has no checkpoint #{seq} with this digest</source>
        <translation>NOT FOUND: den här databasen har ingen kontrollpunkt #{seq} med den här kontrollsumman</translation>
    </message>
    <message>
        <source>NOT FOUND: no hand&apos;s chain head starts {short}; the hand changed since it was printed, or the paper is not of this database</source>
        <translation>NOT FOUND: ingen hands kedjehuvud börjar med {short}; handen har ändrats sedan den skrevs ut, eller så hör pappret inte till den här databasen</translation>
    </message>
    <message>
        <source>found: the chain head of {hands}</source>
        <translation>hittat: kedjehuvudet för {hands}</translation>
    </message>
    <message>
        <source>hand {number} of {table} (id {id})</source>
        <translation>hand {number} vid {table} (id {id})</translation>
    </message>
    <message>
        <source>today</source>
        <comment>typed date</comment>
        <translation>idag</translation>
    </message>
    <message>
        <source>yesterday</source>
        <comment>typed date</comment>
        <translation>igår</translation>
    </message>
    <message>
        <source>tomorrow</source>
        <comment>typed date</comment>
        <translation>imorgon</translation>
    </message>
    <message>
        <source>now</source>
        <comment>typed date</comment>
        <translation>nu</translation>
    </message>
    <message>
        <source>{text} is not a date of the calendar</source>
        <translation>{text} är inget datum i kalendern</translation>
    </message>
    <message>
        <source>cannot read {text}: type a date and time like 2026-11-30 14:30, a time like 22:10, today or yesterday</source>
        <translation>kan inte läsa {text}: skriv datum och tid som 2026-11-30 14:30, en tid som 22:10, idag eller igår</translation>
    </message>
    <message>
        <source>local</source>
        <comment>time zone</comment>
        <translation>lokal tid</translation>
    </message>
    <message>
        <source> + owed {owed}</source>
        <translation> + skuld {owed}</translation>
    </message>
    <message>
        <source> + moved out {chips}</source>
        <translation> + utflyttat {chips}</translation>
    </message>
    <message>
        <source>stacks {stacks} + cash-outs {cash_outs} + rake {rake}{owed} = {chips_out} {sign} buy-ins {buy_ins} + adjustments {adjustments} = {chips_in}</source>
        <translation>stackar {stacks} + inlösen {cash_outs} + rake {rake}{owed} = {chips_out} {sign} inköp {buy_ins} + justeringar {adjustments} = {chips_in}</translation>
    </message>
    <message>
        <source> + moved in {chips}</source>
        <translation> + inflyttat {chips}</translation>
    </message>
    <message>
        <source>none</source>
        <comment>rake</comment>
        <translation>ingen</translation>
    </message>
    <message>
        <source>{percent} % of the pots, capped at {cap}</source>
        <translation>{percent} % av potterna, högst {cap}</translation>
    </message>
    <message>
        <source>{percent} % of the pots, no cap</source>
        <translation>{percent} % av potterna, utan tak</translation>
    </message>
    <message>
        <source>Void</source>
        <comment>supervisor act</comment>
        <translation>Annullering</translation>
    </message>
    <message>
        <source>Correction</source>
        <comment>supervisor act</comment>
        <translation>Rättelse</translation>
    </message>
    <message>
        <source>Undo of a complete hand</source>
        <translation>Ångrad inmatning i avslutad hand</translation>
    </message>
    <message>
        <source>Adjustment</source>
        <comment>supervisor act</comment>
        <translation>Justering</translation>
    </message>
    <message>
        <source>Closing</source>
        <comment>supervisor act</comment>
        <translation>Stängning</translation>
    </message>
    <message>
        <source>Owed chips settled</source>
        <comment>supervisor act</comment>
        <translation>Skuldmarker reglerade</translation>
    </message>
    <message>
        <source>complete</source>
        <comment>hand status</comment>
        <translation>klar</translation>
    </message>
    <message>
        <source>void</source>
        <comment>hand status</comment>
        <translation>annullerad</translation>
    </message>
    <message>
        <source>in-progress</source>
        <comment>hand status</comment>
        <translation>pågår</translation>
    </message>
    <message>
        <source>0 — balanced</source>
        <translation>0 — stämmer</translation>
    </message>
    <message>
        <source>{difference} — NOT BALANCED</source>
        <translation>{difference} — STÄMMER INTE</translation>
    </message>
    <message>
        <source>+ Owed to players who left (void)</source>
        <translation>+ Skuld till spelare som gått (annullering)</translation>
    </message>
    <message>
        <source>+ Chips moved in from other seats or tables</source>
        <translation>+ Marker inflyttade från andra platser eller bord</translation>
    </message>
    <message>
        <source>+ Chips moved out to other seats or tables</source>
        <translation>+ Marker utflyttade till andra platser eller bord</translation>
    </message>
    <message>
        <source>Buy-ins and rebuys</source>
        <translation>Inköp och återköp</translation>
    </message>
    <message>
        <source>+ Supervisor adjustments</source>
        <translation>+ Inspektörens justeringar</translation>
    </message>
    <message>
        <source>= Chips brought to the table</source>
        <translation>= Marker in till bordet</translation>
    </message>
    <message>
        <source>Stacks at the table now</source>
        <translation>Stackar vid bordet nu</translation>
    </message>
    <message>
        <source>+ Cash-outs</source>
        <translation>+ Inlösen</translation>
    </message>
    <message>
        <source>+ Rake</source>
        <translation>+ Rake</translation>
    </message>
    <message>
        <source>= Chips accounted for</source>
        <translation>= Redovisade marker</translation>
    </message>
    <message>
        <source>Difference (brought − accounted for)</source>
        <translation>Differens (in − redovisat)</translation>
    </message>
    <message>
        <source>closed {time}</source>
        <translation>stängd {time}</translation>
    </message>
    <message>
        <source>still open</source>
        <translation>fortfarande öppen</translation>
    </message>
    <message>
        <source>Adjust</source>
        <translation>Just.</translation>
    </message>
    <message>
        <source>Session report — {table}, session {session}</source>
        <translation>Sessionsrapport — {table}, session {session}</translation>
    </message>
    <message>
        <source>Dealers {dealers} · {game} · currency {currency}</source>
        <translation>Dealrar {dealers} · {game} · valuta {currency}</translation>
    </message>
    <message>
        <source>Opened {time} · {closed}</source>
        <translation>Öppnad {time} · {closed}</translation>
    </message>
    <message>
        <source>Rake: {rake}</source>
        <translation>Rake: {rake}</translation>
    </message>
    <message>
        <source>Hands: {complete} complete, {void} void, {in_progress} in progress · rake {rake} {currency}</source>
        <translation>Händer: {complete} klara, {void} annullerade, {in_progress} pågår · rake {rake} {currency}</translation>
    </message>
    <message>
        <source>Chip reconciliation: {verdict}</source>
        <translation>Markeravstämning: {verdict}</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>stämmer</translation>
    </message>
    <message>
        <source>NOT BALANCED</source>
        <translation>STÄMMER INTE</translation>
    </message>
    <message>
        <source>  owed: {line}</source>
        <translation>  skuld: {line}</translation>
    </message>
    <message>
        <source>Dealers&apos; stints</source>
        <translation>Dealrarnas pass</translation>
    </message>
    <message>
        <source>  {dealer} {start} – {end}  {hands} hands  {pace} hands/h</source>
        <translation>  {dealer} {start} – {end}  {hands} händer  {pace} händer/h</translation>
    </message>
    <message>
        <source>Voids, corrections, adjustments and closing</source>
        <translation>Annulleringar, rättelser, justeringar och stängning</translation>
    </message>
    <message>
        <source>  {time}  {act}: {what} — by {by}, reason: {reason}</source>
        <translation>  {time}  {act}: {what} — av {by}, skäl: {reason}</translation>
    </message>
    <message>
        <source>  none</source>
        <translation>  inga</translation>
    </message>
    <message>
        <source>Floor calls</source>
        <translation>Anrop till golvet</translation>
    </message>
    <message>
        <source>Evidence: {evidence}</source>
        <translation>Bevis: {evidence}</translation>
    </message>
    <message>
        <source>Generated {time} by {name}</source>
        <translation>Skapad {time} av {name}</translation>
    </message>
    <message>
        <source>Generated {time}</source>
        <translation>Skapad {time}</translation>
    </message>
    <message>
        <source>{currency} — amounts in its minor unit, as counted at the table</source>
        <translation>{currency} — belopp i minsta enhet, som räknat vid bordet</translation>
    </message>
    <message>
        <source>Rake</source>
        <translation>Rake</translation>
    </message>
    <message>
        <source>{seat} {amount}</source>
        <translation>{seat} {amount}</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Spel</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>Öppnad</translation>
    </message>
    <message>
        <source>{name} · PUSH DUE · {table} · {time} in the box</source>
        <translation>{name} · DAGS FÖR BYTE · {table} · {time} vid bordet</translation>
    </message>
    <message>
        <source>{name} · {table} · {time} in the box · push {at}</source>
        <translation>{name} · {table} · {time} vid bordet · byte {at}</translation>
    </message>
    <message>
        <source>{duty} · not clocked in</source>
        <translation>{duty} · inte instämplad</translation>
    </message>
    <message>
        <source>{name} · free {time}</source>
        <translation>{name} · ledig {time}</translation>
    </message>
    <message>
        <source>{name} · LATE BACK {time}</source>
        <translation>{name} · SEN FRÅN RAST {time}</translation>
    </message>
    <message>
        <source>{name} · on break until {at}</source>
        <translation>{name} · rast till {at}</translation>
    </message>
    <message>
        <source>Dealers</source>
        <translation>Dealrar</translation>
    </message>
    <message>
        <source>Clock in</source>
        <translation>Stämpla in</translation>
    </message>
    <message>
        <source>Push</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>Clock out</source>
        <translation>Stämpla ut</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>Rast</translation>
    </message>
    <message>
        <source>Back</source>
        <comment>from a break</comment>
        <translation>Tillbaka</translation>
    </message>
    <message>
        <source>Back from the break</source>
        <translation>Tillbaka från rasten</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Ställ in</translation>
    </message>
    <message>
        <source>A push every</source>
        <translation>Byte var</translation>
    </message>
    <message>
        <source>Push {free} into {table}</source>
        <translation>Byt in {free} på {table}</translation>
    </message>
    <message>
        <source>Dealers ({count}) · {due} to act on</source>
        <translation>Dealrar ({count}) · {due} att åtgärda</translation>
    </message>
    <message>
        <source>Dealers ({count})</source>
        <translation>Dealrar ({count})</translation>
    </message>
    <message>
        <source>{complete} complete · {void} void · {in_progress} in progress · rake {rake} {currency}</source>
        <translation>{complete} klara · {void} annullerade · {in_progress} pågår · rake {rake} {currency}</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>Skapad</translation>
    </message>
    <message>
        <source>{time} by {name}</source>
        <translation>{time} av {name}</translation>
    </message>
    <message>
        <source> · times in {zone}</source>
        <translation> · tider i {zone}</translation>
    </message>
    <message>
        <source>Signed checkpoint</source>
        <translation>Signerad kontrollpunkt</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Bevis</translation>
    </message>
    <message>
        <source>log fingerprint, {kind} over {hands} hand(s) of the session:</source>
        <translation>loggens fingeravtryck, {kind} över sessionens {hands} händer:</translation>
    </message>
    <message>
        <source>owed: {line}</source>
        <translation>skuld: {line}</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>Stämmer</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Till</translation>
    </message>
    <message>
        <source>Void</source>
        <comment>void hands column</comment>
        <translation>Annullerade</translation>
    </message>
    <message>
        <source>Hands per hour</source>
        <translation>Händer per timme</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Vad</translation>
    </message>
    <message>
        <source>Seats ({currency})</source>
        <translation>Platser ({currency})</translation>
    </message>
    <message>
        <source>Chip reconciliation ({currency})</source>
        <translation>Markeravstämning ({currency})</translation>
    </message>
    <message>
        <source>None in this session.</source>
        <translation>Inga i denna session.</translation>
    </message>
    <message>
        <source>Stacks over the session ({currency})</source>
        <translation>Stackar under sessionen ({currency})</translation>
    </message>
    <message>
        <source>Dealer signature — {name}</source>
        <translation>Dealerns underskrift — {name}</translation>
    </message>
    <message>
        <source>Supervisor signature — {name}</source>
        <translation>Inspektörens underskrift — {name}</translation>
    </message>
    <message>
        <source>name: {blank}</source>
        <translation>namn: {blank}</translation>
    </message>
    <message>
        <source>Date and time</source>
        <translation>Datum och tid</translation>
    </message>
    <message>
        <source>Sign-off</source>
        <translation>Underskrifter</translation>
    </message>
    <message>
        <source>{first} and {second}</source>
        <translation>{first} och {second}</translation>
    </message>
    <message>
        <source>struck</source>
        <translation>struken</translation>
    </message>
    <message>
        <source>a hand</source>
        <translation>en hand</translation>
    </message>
    <message>
        <source>{hand}: card exposed on the deal ({card}), misdeal declared at the table</source>
        <translation>{hand}: kort visat i given ({card}), felgiv förklarat vid bordet</translation>
    </message>
    <message>
        <source>{hand}: misdeal declared at the table</source>
        <translation>{hand}: felgiv förklarat vid bordet</translation>
    </message>
    <message>
        <source>{hand}, input #{target}: {was} → {now}</source>
        <translation>{hand}, inmatning #{target}: {was} → {now}</translation>
    </message>
    <message>
        <source>{hand}, input #{target}: {input}</source>
        <translation>{hand}, inmatning #{target}: {input}</translation>
    </message>
    <message>
        <source>session closed; every seated player cashed out</source>
        <translation>session stängd; alla spelare vid bordet löste in</translation>
    </message>
    <message>
        <source>; closed although the chips did not reconcile — difference: {reason}</source>
        <translation>; stängd fast markerna inte stämde — differens: {reason}</translation>
    </message>
    <message>
        <source>{who}: {amount} paid to the player</source>
        <translation>{who}: {amount} utbetalt till spelaren</translation>
    </message>
    <message>
        <source>{who}: {amount} paid back by the player</source>
        <translation>{who}: {amount} återbetalt av spelaren</translation>
    </message>
    <message>
        <source>, {amount} still owed</source>
        <translation>, {amount} återstår</translation>
    </message>
    <message>
        <source>{player} (seat {seat}) is owed {amount}</source>
        <translation>{player} (plats {seat}) har {amount} att få</translation>
    </message>
    <message>
        <source>{player} (seat {seat}) owes {amount}</source>
        <translation>{player} (plats {seat}) är skyldig {amount}</translation>
    </message>
    <message>
        <source>seat {seat} ({player}): the stack {stack} differs from the sum of its buy-ins, hands and cash-outs {moves}</source>
        <translation>plats {seat} ({player}): stacken {stack} skiljer sig från summan av inköp, händer och inlösen {moves}</translation>
    </message>
    <message>
        <source>the players lost {lost} in the hands&apos; results, but the rake taken was {rake} (rule 10.5)</source>
        <translation>spelarna förlorade {lost} enligt händernas resultat, men uttagen rake var {rake} (regel 10.5)</translation>
    </message>
    <message>
        <source>the stack changes written for hands add up to {moves}, but the hands&apos; results to {results}</source>
        <translation>stackändringarna som skrivits för händer blir {moves}, men händernas resultat {results}</translation>
    </message>
    <message>
        <source>{count} complete hand(s) have no result written for a player</source>
        <translation>{count} klara händer saknar resultat för en spelare</translation>
    </message>
    <message>
        <source> (undone)</source>
        <translation> (ångrad)</translation>
    </message>
    <message>
        <source>Corrections</source>
        <translation>Rättelser</translation>
    </message>
    <message>
        <source>Chips in</source>
        <translation>Insatta marker</translation>
    </message>
    <message>
        <source>Void (rule 11.2): every stack is as before this hand; chips of a player who had left the table are owed, in the session&apos;s chip reconciliation.</source>
        <translation>Annullerad (regel 11.2): varje stack är som före handen; marker till en spelare som lämnat bordet är en skuld i sessionens markeravstämning.</translation>
    </message>
    <message>
        <source>Not complete.</source>
        <translation>Inte klar.</translation>
    </message>
    <message>
        <source>Not complete; next: {seat} to {actions}.</source>
        <translation>Inte klar; nästa: {seat} ska {actions}.</translation>
    </message>
    <message>
        <source>Showdown order: {seats}</source>
        <translation>Ordning i showdown: {seats}</translation>
    </message>
    <message>
        <source>{seat} shows {hand} ({cards})</source>
        <translation>{seat} visar {hand} ({cards})</translation>
    </message>
    <message>
        <source>{seat} mucks</source>
        <translation>{seat} kastar</translation>
    </message>
    <message>
        <source>No rake</source>
        <translation>Ingen rake</translation>
    </message>
    <message>
        <source>{name} (as the record says)</source>
        <translation>{name} (enligt protokollet)</translation>
    </message>
    <message>
        <source>{status}, corrected</source>
        <translation>{status}, rättad</translation>
    </message>
    <message>
        <source>Hand report — {hand} ({status})</source>
        <translation>Handrapport — {hand} ({status})</translation>
    </message>
    <message>
        <source>table id {id}</source>
        <translation>bords-id {id}</translation>
    </message>
    <message>
        <source>(imported)</source>
        <translation>(importerad)</translation>
    </message>
    <message>
        <source>{hand} · id {id} · {uid}</source>
        <translation>{hand} · id {id} · {uid}</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Inställningar</translation>
    </message>
    <message>
        <source>{currency} (minor units)</source>
        <translation>{currency} (minsta enhet)</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Avslutad</translation>
    </message>
    <message>
        <source>Chain head</source>
        <translation>Kedjehuvud</translation>
    </message>
    <message>
        <source>folded</source>
        <translation>lade sig</translation>
    </message>
    <message>
        <source>mucked</source>
        <translation>kastade</translation>
    </message>
    <message>
        <source>all-in</source>
        <translation>all-in</translation>
    </message>
    <message>
        <source>#{seq} at {at} by {by}: input #{target} ({was}) replaced by {now}; reason: {reason}</source>
        <translation>#{seq} {at} av {by}: inmatning #{target} ({was}) ersatt med {now}; skäl: {reason}</translation>
    </message>
    <message>
        <source>#{seq} at {at} by {by}: input #{target} ({was}) struck; reason: {reason}</source>
        <translation>#{seq} {at} av {by}: inmatning #{target} ({was}) struken; skäl: {reason}</translation>
    </message>
    <message>
        <source>staff #{id}</source>
        <translation>personal #{id}</translation>
    </message>
    <message>
        <source>Seat {seat} antes</source>
        <translation>Plats {seat} lägger ante</translation>
    </message>
    <message>
        <source>Seat {seat} is dealt down</source>
        <translation>Plats {seat} får hålkort</translation>
    </message>
    <message>
        <source>Seat {seat} is dealt</source>
        <translation>Plats {seat} får kort</translation>
    </message>
    <message>
        <source>Seat {seat} brings in</source>
        <translation>Plats {seat} lägger bring-in</translation>
    </message>
    <message>
        <source>Seat {seat} bets</source>
        <translation>Plats {seat} satsar</translation>
    </message>
    <message>
        <source>Seat {seat} raises to</source>
        <translation>Plats {seat} höjer till</translation>
    </message>
    <message>
        <source>Seat {seat} calls</source>
        <translation>Plats {seat} synar</translation>
    </message>
    <message>
        <source>Seat {seat} checks</source>
        <translation>Plats {seat} checkar</translation>
    </message>
    <message>
        <source>Seat {seat} folds</source>
        <translation>Plats {seat} lägger sig</translation>
    </message>
    <message>
        <source>Seat {seat} shows</source>
        <translation>Plats {seat} visar</translation>
    </message>
    <message>
        <source>Seat {seat} mucks</source>
        <translation>Plats {seat} kastar</translation>
    </message>
    <message>
        <source>High card</source>
        <translation>Högt kort</translation>
    </message>
    <message>
        <source>One pair</source>
        <translation>Par</translation>
    </message>
    <message>
        <source>Two pairs</source>
        <translation>Två par</translation>
    </message>
    <message>
        <source>Three of a kind</source>
        <translation>Triss</translation>
    </message>
    <message>
        <source>Straight</source>
        <translation>Stege</translation>
    </message>
    <message>
        <source>Full house</source>
        <translation>Kåk</translation>
    </message>
    <message>
        <source>Flush</source>
        <translation>Färg</translation>
    </message>
    <message>
        <source>Four of a kind</source>
        <translation>Fyrtal</translation>
    </message>
    <message>
        <source>Straight flush</source>
        <translation>Färgstege</translation>
    </message>
    <message>
        <source>Royal flush</source>
        <translation>Royal flush</translation>
    </message>
    <message>
        <source>sevens</source>
        <translation>sjuor</translation>
    </message>
    <message>
        <source>eights</source>
        <translation>åttor</translation>
    </message>
    <message>
        <source>nines</source>
        <translation>nior</translation>
    </message>
    <message>
        <source>tens</source>
        <translation>tior</translation>
    </message>
    <message>
        <source>jacks</source>
        <translation>knektar</translation>
    </message>
    <message>
        <source>queens</source>
        <translation>damer</translation>
    </message>
    <message>
        <source>kings</source>
        <translation>kungar</translation>
    </message>
    <message>
        <source>aces</source>
        <translation>ess</translation>
    </message>
    <message>
        <source>Fixed limit</source>
        <translation>Fixed limit</translation>
    </message>
    <message>
        <source>Pot limit</source>
        <translation>Pot limit</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>No limit</translation>
    </message>
    <message>
        <source>Seat {seat} is dealt down {card}</source>
        <translation>Plats {seat} får {card} som hålkort</translation>
    </message>
    <message>
        <source>Seat {seat} is dealt {card}</source>
        <translation>Plats {seat} får {card}</translation>
    </message>
    <message>
        <source>Seat {seat} shows {card}</source>
        <translation>Plats {seat} visar {card}</translation>
    </message>
    <message>
        <source>Seat {seat} bets {amount}</source>
        <translation>Plats {seat} satsar {amount}</translation>
    </message>
    <message>
        <source>Seat {seat} raises to {amount}</source>
        <translation>Plats {seat} höjer till {amount}</translation>
    </message>
    <message>
        <source>ante</source>
        <comment>next input</comment>
        <translation>lägga ante</translation>
    </message>
    <message>
        <source>deal-down</source>
        <comment>next input</comment>
        <translation>få hålkort</translation>
    </message>
    <message>
        <source>deal-up</source>
        <comment>next input</comment>
        <translation>få öppet kort</translation>
    </message>
    <message>
        <source>bring-in</source>
        <comment>next input</comment>
        <translation>lägga bring-in</translation>
    </message>
    <message>
        <source>bet</source>
        <comment>next input</comment>
        <translation>satsa</translation>
    </message>
    <message>
        <source>raise</source>
        <comment>next input</comment>
        <translation>höja</translation>
    </message>
    <message>
        <source>call</source>
        <comment>next input</comment>
        <translation>syna</translation>
    </message>
    <message>
        <source>check</source>
        <comment>next input</comment>
        <translation>checka</translation>
    </message>
    <message>
        <source>fold</source>
        <comment>next input</comment>
        <translation>lägga sig</translation>
    </message>
    <message>
        <source>show</source>
        <comment>next input</comment>
        <translation>visa</translation>
    </message>
    <message>
        <source>muck</source>
        <comment>next input</comment>
        <translation>kasta</translation>
    </message>
    <message>
        <source>{category}, {rank} high</source>
        <translation>{category}, {rank} högst</translation>
    </message>
    <message>
        <source>{category}, {ranks} over {other}</source>
        <translation>{category}, {ranks} över {other}</translation>
    </message>
    <message>
        <source>{category}, {ranks} and {other}</source>
        <translation>{category}, {ranks} och {other}</translation>
    </message>
    <message>
        <source>{category}, {ranks}</source>
        <translation>{category} i {ranks}</translation>
    </message>
    <message>
        <source>{structure} {small}/{big} · Ante {ante}</source>
        <translation>{structure} {small}/{big} · Ante {ante}</translation>
    </message>
    <message>
        <source>{structure} bring-in {bring_in} · Ante {ante}</source>
        <translation>{structure} bring-in {bring_in} · Ante {ante}</translation>
    </message>
    <message>
        <source>cannot make the folder {folder}: {error}</source>
        <translation>kan inte skapa mappen {folder}: {error}</translation>
    </message>
    <message>
        <source>{folder} is not a folder</source>
        <translation>{folder} är inte en mapp</translation>
    </message>
    <message>
        <source>cannot write {path}: {error}</source>
        <translation>kan inte skriva {path}: {error}</translation>
    </message>
    <message>
        <source>event {index} is refused by the rules ({code}: {message})</source>
        <translation>händelse {index} avvisas av reglerna ({code}: {message})</translation>
    </message>
    <message>
        <source>an import needs a supervisor, signed in with their PIN</source>
        <translation>en import kräver en inspektör, inloggad med sin PIN-kod</translation>
    </message>
    <message>
        <source>seat {seat}: {error}</source>
        <translation>plats {seat}: {error}</translation>
    </message>
    <message>
        <source>event {index}: the card {card} is written too long (at most 8 characters)</source>
        <translation>händelse {index}: kortet {card} är för långt skrivet (högst 8 tecken)</translation>
    </message>
    <message>
        <source>hand {uid} could not be stored (a constraint refused it)</source>
        <translation>hand {uid} kunde inte sparas (ett villkor i databasen avvisade den)</translation>
    </message>
    <message>
        <source>hand {uid} is already stored as hand id {id} with different content; nothing was stored</source>
        <translation>hand {uid} är redan sparad som hand-id {id} med annat innehåll; inget sparades</translation>
    </message>
    <message>
        <source>cannot sort by {sort}; one of {keys}</source>
        <translation>kan inte sortera efter {sort}; välj en av {keys}</translation>
    </message>
    <message>
        <source>there is no hand with id {id}</source>
        <translation>det finns ingen hand med id {id}</translation>
    </message>
    <message>
        <source>That session is not your open session.</source>
        <translation>Den sessionen är inte din öppna session.</translation>
    </message>
    <message>
        <source>give a table and a hand number, or a hand id</source>
        <translation>ange ett bord och ett handnummer, eller ett hand-id</translation>
    </message>
    <message>
        <source>there is no table {table}</source>
        <translation>det finns inget bord {table}</translation>
    </message>
    <message>
        <source>{table} has no hand {number}</source>
        <translation>{table} har ingen hand {number}</translation>
    </message>
    <message>
        <source>give a player&apos;s name</source>
        <translation>ange en spelares namn</translation>
    </message>
    <message>
        <source>no hand of a player named {name}</source>
        <translation>ingen hand med en spelare som heter {name}</translation>
    </message>
    <message>
        <source>session {id}</source>
        <translation>session {id}</translation>
    </message>
    <message>
        <source>{text!r} is not a workstation&apos;s public key (64 hex digits, as &apos;dealer-app keys show&apos; prints it)</source>
        <translation>{text!r} är inte en arbetsstations publika nyckel (64 hexadecimala siffror, som &apos;dealer-app keys show&apos; skriver ut den)</translation>
    </message>
    <message>
        <source>admitting a workstation&apos;s key</source>
        <translation>att godkänna en arbetsstations nyckel</translation>
    </message>
    <message>
        <source>this workstation&apos;s key is not trusted here: admit keys at a workstation whose key is</source>
        <translation>den här arbetsstationens nyckel är inte betrodd här: godkänn nycklar vid en arbetsstation vars nyckel är det</translation>
    </message>
    <message>
        <source>key {key} is admitted already</source>
        <translation>nyckel {key} är redan godkänd</translation>
    </message>
    <message>
        <source>{path} is not a file</source>
        <translation>{path} är ingen fil</translation>
    </message>
    <message>
        <source>EVIDENCE AT RISK: checkpoint {seq} could not be written to the anchor file {path} ({error}). Call the floor; free the disk or folder.</source>
        <translation>BEVISNINGEN I FARA: kontrollpunkt {seq} kunde inte skrivas till ankarfilen {path} ({error}). Kalla på golvet; frigör disken eller mappen.</translation>
    </message>
    <message>
        <source>EVIDENCE AT RISK: ledger entries {entries} were written outside the app (no trusted key signed them). Call the floor; run log verify.</source>
        <translation>BEVISNINGEN I FARA: liggarposterna {entries} skrevs utanför appen (ingen betrodd nyckel signerade dem). Kalla på golvet; kör log verify.</translation>
    </message>
    <message>
        <source>EVIDENCE AT RISK: the witness {path} cannot take the checkpoints ({error}); they wait for it. Call the floor; plug in or mount the witness.</source>
        <translation>BEVISNINGEN I FARA: vittnet {path} kan inte ta emot kontrollpunkterna ({error}); de väntar på det. Kalla på golvet; anslut eller montera vittnet.</translation>
    </message>
    <message>
        <source>EVIDENCE AT RISK: {code}</source>
        <translation>BEVISNINGEN I FARA: {code}</translation>
    </message>
    <message>
        <source>{name} is not a role name this command makes: use lower-case letters, digits and _ (at most 63)</source>
        <translation>{name} är inget rollnamn som det här kommandot skapar: använd gemener, siffror och _ (högst 63)</translation>
    </message>
    <message>
        <source>the owner, station and auditor roles need three different names</source>
        <translation>ägar-, stations- och revisorsrollerna behöver tre olika namn</translation>
    </message>
    <message>
        <source>SQLite has no roles: whoever can write the file can change it. Roles are for a PostgreSQL floor database</source>
        <translation>SQLite har inga roller: den som kan skriva filen kan ändra den. Roller är till för en golvdatabas i PostgreSQL</translation>
    </message>
    <message>
        <source>role {name} exists</source>
        <translation>rollen {name} finns</translation>
    </message>
    <message>
        <source>created role {name} (no login: make login roles members of it)</source>
        <translation>skapade rollen {name} (utan inloggning: gör inloggningsroller till medlemmar i den)</translation>
    </message>
    <message>
        <source>made {me} a member of {owner} (to hand it the tables)</source>
        <translation>gjorde {me} till medlem i {owner} (för att lämna över tabellerna)</translation>
    </message>
    <message>
        <source>schema {schema} holds no tables of the app</source>
        <translation>schemat {schema} innehåller inga tabeller från appen</translation>
    </message>
    <message>
        <source>{count} tables of schema {schema} and their sequences and functions belong to {owner}</source>
        <translation>{count} tabeller i schemat {schema} med deras sekvenser och funktioner tillhör {owner}</translation>
    </message>
    <message>
        <source>schema {schema} belongs to {owner} (it was {was}&apos;s)</source>
        <translation>schemat {schema} tillhör {owner} (det tillhörde {was})</translation>
    </message>
    <message>
        <source>{station} may read every table, insert into {count}, update only the columns the app changes; insert only: {tables}</source>
        <translation>{station} får läsa varje tabell, lägga till i {count}, uppdatera bara de kolumner appen ändrar; bara tillägg: {tables}</translation>
    </message>
    <message>
        <source>{auditor} may read every table</source>
        <translation>{auditor} får läsa varje tabell</translation>
    </message>
    <message>
        <source>triggers on {count} tables refuse deletes, truncation and changes of facts, for every role</source>
        <translation>triggrar på {count} tabeller vägrar radering, tömning och ändring av fakta, för varje roll</translation>
    </message>
    <message>
        <source>no ({why})</source>
        <translation>nej ({why})</translation>
    </message>
    <message>
        <source>the stations {stations} insert evidence but cannot change or delete it; triggers guard every table; the tables belong to {owner}</source>
        <translation>stationerna {stations} lägger till bevis men kan inte ändra eller radera dem; triggrar skyddar varje tabell; tabellerna tillhör {owner}</translation>
    </message>
    <message>
        <source>yes ({why})</source>
        <translation>ja ({why})</translation>
    </message>
    <message>
        <source>SQLite has no roles: whoever can write the file can change any row</source>
        <translation>SQLite har inga roller: den som kan skriva filen kan ändra vilken rad som helst</translation>
    </message>
    <message>
        <source>schema {schema} has no ledger</source>
        <translation>schemat {schema} har ingen loggkedja</translation>
    </message>
    <message>
        <source>no append-only triggers (dealer-app db roles sets them up)</source>
        <translation>inga triggrar som bara tillåter tillägg (dealer-app db roles skapar dem)</translation>
    </message>
    <message>
        <source>table {tables} has no append-only trigger (run dealer-app db roles again after an upgrade)</source>
        <translation>tabellen {tables} saknar trigger som bara tillåter tillägg (kör dealer-app db roles igen efter en uppgradering)</translation>
    </message>
    <message>
        <source>the append-only trigger of table {tables} is disabled</source>
        <translation>tilläggstriggern för tabellen {tables} är avstängd</translation>
    </message>
    <message>
        <source>the append-only trigger of table {tables} was changed</source>
        <translation>tilläggstriggern för tabellen {tables} har ändrats</translation>
    </message>
    <message>
        <source>no station role: the app writes as the tables&apos; owner {owner}, which can change or delete any row</source>
        <translation>ingen stationsroll: appen skriver som tabellernas ägare {owner}, som kan ändra eller radera vilken rad som helst</translation>
    </message>
    <message>
        <source>{station} may {what}</source>
        <translation>{station} får {what}</translation>
    </message>
    <message>
        <source>{station} may create objects in schema {schema}</source>
        <translation>{station} får skapa objekt i schemat {schema}</translation>
    </message>
    <message>
        <source>{station} owns schema {schema} (it can drop its tables)</source>
        <translation>{station} äger schemat {schema} (den kan ta bort dess tabeller)</translation>
    </message>
    <message>
        <source>{name} is a member of a station role and can act as the owner {owner}</source>
        <translation>{name} är medlem i en stationsroll och kan agera som ägaren {owner}</translation>
    </message>
    <message>
        <source>{names} can act as the owner (for migrations)</source>
        <translation>{names} kan agera som ägaren (för migreringar)</translation>
    </message>
    <message>
        <source>this connection ({role}) can change any row itself</source>
        <translation>den här anslutningen ({role}) kan själv ändra vilken rad som helst</translation>
    </message>
    <message>
        <source>recovered {name} ({proof}): sign in with the new PIN</source>
        <translation>{name} återställd ({proof}): logga in med den nya PIN-koden</translation>
    </message>
    <message>
        <source>PIN key {key} written to {file}: import it at every other workstation of the floor, then delete the file</source>
        <translation>PIN-nyckel {key} skriven till {file}: importera den på golvets alla andra arbetsstationer och radera sedan filen</translation>
    </message>
    <message>
        <source>PIN key {key} installed in {path}</source>
        <translation>PIN-nyckel {key} installerad i {path}</translation>
    </message>
    <message>
        <source>PIN key {key} is already this workstation&apos;s ({path})</source>
        <translation>PIN-nyckel {key} finns redan på den här arbetsstationen ({path})</translation>
    </message>
    <message>
        <source>The log&apos;s integrity check is for supervisors.</source>
        <translation>Kontrollen av loggens integritet är för inspektörer.</translation>
    </message>
    <message>
        <source>type a whole number</source>
        <translation>skriv ett heltal</translation>
    </message>
    <message>
        <source>{value} is more than {high}, the most this box takes</source>
        <translation>{value} är mer än {high}, det mesta rutan tar</translation>
    </message>
    <message>
        <source>{value} is less than {low}, the least this box takes</source>
        <translation>{value} är mindre än {low}, det minsta rutan tar</translation>
    </message>
    <message>
        <source>{number} is more than any amount this box can hold</source>
        <translation>{number} är mer än något belopp den här rutan rymmer</translation>
    </message>
    <message>
        <source>&apos;{key}&apos; cannot go in a number: type digits</source>
        <translation>&apos;{key}&apos; kan inte stå i ett tal: skriv siffror</translation>
    </message>
    <message>
        <source>{field}: {problem}</source>
        <translation>{field}: {problem}</translation>
    </message>
    <message>
        <source>a player on the waiting list needs a name</source>
        <translation>en spelare på väntelistan behöver ett namn</translation>
    </message>
    <message>
        <source>a player&apos;s name has at most {maximum} characters</source>
        <translation>en spelares namn har högst {maximum} tecken</translation>
    </message>
    <message>
        <source>{player} is already on this waiting list</source>
        <translation>{player} står redan på den här väntelistan</translation>
    </message>
    <message>
        <source>{table} plays another game than {player}&apos;s list</source>
        <translation>{table} spelar ett annat spel än {player}s lista</translation>
    </message>
    <message>
        <source>{table} is closed: no seat to call {player} to</source>
        <translation>{table} är stängt: ingen plats att kalla {player} till</translation>
    </message>
    <message>
        <source>{player} is moving with {chips} in chips: seat them at the table they were moved to</source>
        <translation>{player} flyttar med {chips} i marker: placera spelaren vid bordet den flyttades till</translation>
    </message>
    <message>
        <source>{table} has no free seat</source>
        <translation>{table} har ingen ledig plats</translation>
    </message>
    <message>
        <source>{player} was not called yet: take them off the list instead</source>
        <translation>{player} har inte kallats än: ta bort spelaren från listan i stället</translation>
    </message>
    <message>
        <source>say why the player comes off the waiting list</source>
        <translation>säg varför spelaren tas bort från väntelistan</translation>
    </message>
    <message>
        <source>no waiting-list entry with id {id}</source>
        <translation>ingen post på väntelistan med id {id}</translation>
    </message>
    <message>
        <source>{player} is no longer on the waiting list</source>
        <translation>{player} står inte längre på väntelistan</translation>
    </message>
    <message>
        <source>{time} in the box</source>
        <translation>{time} vid bordet</translation>
    </message>
    <message>
        <source>{box} · PUSH DUE</source>
        <translation>{box} · DAGS FÖR BYTE</translation>
    </message>
    <message>
        <source>{box} · push in {wait}</source>
        <translation>{box} · byte om {wait}</translation>
    </message>
    <message>
        <source>{name} deals; the floor pushes every {minutes} min</source>
        <translation>{name} delar; golvet byter var {minutes} min</translation>
    </message>
    <message>
        <source>{hands} hands · {hour} last hour · {pace}/h · pot {pot} · rake {rake} · idle {idle}</source>
        <translation>{hands} händer · {hour} senaste timmen · {pace}/h · pott {pot} · rake {rake} · stilla {idle}</translation>
    </message>
    <message>
        <source>Shift</source>
        <translation>Skift</translation>
    </message>
    <message>
        <source>Shift report (PDF)…</source>
        <translation>Skiftrapport (PDF)…</translation>
    </message>
    <message>
        <source>Shift figures (CSV)…</source>
        <translation>Skiftsiffror (CSV)…</translation>
    </message>
    <message>
        <source>Shift since {time} · {open} tables open · {seated} seated · {waiting} waiting · rake {rake}</source>
        <translation>Skift sedan {time} · {open} bord öppna · {seated} sittande · {waiting} väntande · rake {rake}</translation>
    </message>
    <message>
        <source> · {count} closing</source>
        <translation> · {count} stänger</translation>
    </message>
    <message>
        <source>{table} ({state})
{figures}</source>
        <translation>{table} ({state})
{figures}</translation>
    </message>
    <message>
        <source>Dealer {name} · {time} in the box
{figures}</source>
        <translation>Dealer {name} · {time} vid bordet
{figures}</translation>
    </message>
    <message>
        <source>{what} must be 1 to {most} minutes, not {value}</source>
        <translation>{what} måste vara 1 till {most} minuter, inte {value}</translation>
    </message>
    <message>
        <source>the push interval is set by a supervisor; {name} is a dealer</source>
        <translation>bytesintervallet ställs in av en inspektör; {name} är dealer</translation>
    </message>
    <message>
        <source>the push interval</source>
        <translation>bytesintervallet</translation>
    </message>
    <message>
        <source>{name} is clocked in already</source>
        <translation>{name} är redan instämplad</translation>
    </message>
    <message>
        <source>{name} deals {table}: push them out before they clock out</source>
        <translation>{name} delar på {table}: byt ut hen innan hen stämplar ut</translation>
    </message>
    <message>
        <source>a break</source>
        <translation>en rast</translation>
    </message>
    <message>
        <source>{name} is on a break already</source>
        <translation>{name} har redan rast</translation>
    </message>
    <message>
        <source>{name} deals {table}: push them out before their break</source>
        <translation>{name} delar på {table}: byt ut hen före rasten</translation>
    </message>
    <message>
        <source>{name} is not on a break</source>
        <translation>{name} har inte rast</translation>
    </message>
    <message>
        <source>no open session with id {id}</source>
        <translation>ingen öppen session med id {id}</translation>
    </message>
    <message>
        <source>no active staff member {name}</source>
        <translation>ingen aktiv personal {name}</translation>
    </message>
    <message>
        <source>{name} is not clocked in</source>
        <translation>{name} är inte instämplad</translation>
    </message>
    <message>
        <source>open</source>
        <comment>table state</comment>
        <translation>öppet</translation>
    </message>
    <message>
        <source>starting</source>
        <comment>table state</comment>
        <translation>startar</translation>
    </message>
    <message>
        <source>closing</source>
        <comment>table state</comment>
        <translation>stänger</translation>
    </message>
    <message>
        <source>closed</source>
        <comment>table state</comment>
        <translation>stängt</translation>
    </message>
    <message>
        <source>Shift report — {since}</source>
        <translation>Skiftrapport — {since}</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Senaste timmen</translation>
    </message>
    <message>
        <source>Avg. pot</source>
        <translation>Snittpott</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Stilla</translation>
    </message>
    <message>
        <source>{since} to {until}</source>
        <translation>{since} till {until}</translation>
    </message>
    <message>
        <source>Tables open</source>
        <translation>Öppna bord</translation>
    </message>
    <message>
        <source> ({open} open, {starting} starting, {closing} closing)</source>
        <translation> ({open} öppna, {starting} startar, {closing} stänger)</translation>
    </message>
    <message>
        <source>Players seated</source>
        <translation>Sittande spelare</translation>
    </message>
    <message>
        <source>Players waiting</source>
        <translation>Väntande spelare</translation>
    </message>
    <message>
        <source>Rake in the shift</source>
        <translation>Rake under skiftet</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Bord</translation>
    </message>
    <message>
        <source>Seated</source>
        <translation>Sittande</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Väntande</translation>
    </message>
    <message>
        <source>Nobody dealt in this shift.</source>
        <translation>Ingen delade under skiftet.</translation>
    </message>
    <message>
        <source>{table} is closing already (announced by {name})</source>
        <translation>{table} stänger redan (aviserat av {name})</translation>
    </message>
    <message>
        <source>{table} is not closing</source>
        <translation>{table} stänger inte</translation>
    </message>
    <message>
        <source>{table} is not open</source>
        <translation>{table} är inte öppet</translation>
    </message>
    <message>
        <source>Move a player</source>
        <translation>Flytta en spelare</translation>
    </message>
    <message>
        <source>{player} (seat {seat}) moves with their chips, between hands. At another table, its dealer seats them.</source>
        <translation>{player} (plats {seat}) flyttar med sina marker, mellan given. Vid ett annat bord placerar dess Dealer spelaren.</translation>
    </message>
    <message>
        <source>this table</source>
        <translation>detta bord</translation>
    </message>
    <message>
        <source>{table} (must move)</source>
        <translation>{table} (måste flytta)</translation>
    </message>
    <message>
        <source>The empty seat the player moves to</source>
        <translation>Den tomma plats spelaren flyttar till</translation>
    </message>
    <message>
        <source>To table</source>
        <translation>Till bord</translation>
    </message>
    <message>
        <source>To seat</source>
        <translation>Till plats</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Flytta</translation>
    </message>
    <message>
        <source>Print {title}</source>
        <translation>Skriv ut {title}</translation>
    </message>
    <message>
        <source>Printing failed: {error}</source>
        <translation>Utskriften misslyckades: {error}</translation>
    </message>
    <message>
        <source>{title} sent to the printer ({pages} page(s))</source>
        <translation>{title} skickad till skrivaren ({pages} sida/sidor)</translation>
    </message>
    <message>
        <source>Printing cancelled; nothing was printed.</source>
        <translation>Utskriften avbröts; inget skrevs ut.</translation>
    </message>
    <message>
        <source>a buy-in limit is a whole amount from 0 (none) to {max}, not {amount}</source>
        <translation>en inköpsgräns är ett helt belopp från 0 (ingen) till {max}, inte {amount}</translation>
    </message>
    <message>
        <source>the maximum buy-in {maximum} is below the minimum {minimum}</source>
        <translation>högsta inköp {maximum} är lägre än minsta {minimum}</translation>
    </message>
    <message>
        <source>{minimum} to {maximum}</source>
        <comment>buy-in limits</comment>
        <translation>{minimum} till {maximum}</translation>
    </message>
    <message>
        <source>at least {minimum}</source>
        <comment>buy-in limits</comment>
        <translation>minst {minimum}</translation>
    </message>
    <message>
        <source>at most {maximum}</source>
        <comment>buy-in limits</comment>
        <translation>högst {maximum}</translation>
    </message>
    <message>
        <source>the minimum buy-in at {table} is {minimum}, not {amount}; nothing was changed</source>
        <translation>minsta inköp vid {table} är {minimum}, inte {amount}; inget ändrades</translation>
    </message>
    <message>
        <source>the maximum buy-in at {table} is {maximum}, not {amount}; nothing was changed</source>
        <translation>högsta inköp vid {table} är {maximum}, inte {amount}; inget ändrades</translation>
    </message>
    <message>
        <source>the minimum buy-in at {table} is {minimum}: a rebuy must bring seat {seat}&apos;s stack to at least {minimum} (with {amount} it would be {after}); nothing was changed</source>
        <translation>minsta inköp vid {table} är {minimum}: ett återköp måste höja stacken på plats {seat} till minst {minimum} (med {amount} skulle den bli {after}); inget ändrades</translation>
    </message>
    <message>
        <source>the maximum buy-in at {table} is {maximum}: a rebuy may bring seat {seat}&apos;s stack to at most {maximum} (with {amount} it would be {after}); nothing was changed</source>
        <translation>högsta inköp vid {table} är {maximum}: ett återköp får höja stacken på plats {seat} till högst {maximum} (med {amount} skulle den bli {after}); inget ändrades</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>dealer-app: cannot write the output: {error}</source>
        <translation>dealer-app: kan inte skriva utdata: {error}</translation>
    </message>
    <message>
        <source>dealer-app: unknown command {name}</source>
        <translation>dealer-app: okänt kommando {name}</translation>
    </message>
</context>
</TS>
