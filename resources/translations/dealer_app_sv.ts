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
        <source>dealer-app floor: --stale must be above 0 seconds</source>
        <translation>dealer-app floor: --stale måste vara över 0 sekunder</translation>
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
        <source>CHANGED {what}: {reason}</source>
        <translation>CHANGED {what}: {reason}</translation>
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
        <source>all {count} hands hold; the ledger, its signed checkpoints and the anchor files agree</source>
        <translation>alla {count} händer håller; loggkedjan, dess signerade kontrollpunkter och ankarfilerna stämmer överens</translation>
    </message>
    <message>
        <source>newest checkpoint: {fingerprint} ({at} UTC, key {key})</source>
        <translation>senaste kontrollpunkt: {fingerprint} ({at} UTC, nyckel {key})</translation>
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
        <source>PIN of supervisor {name}: </source>
        <translation>PIN-kod för inspektören {name}: </translation>
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
