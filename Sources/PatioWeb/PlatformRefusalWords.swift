import PatioCore

/// The platform's refusals in the reader's words, as FieldMessages looks them up (`problem.<code>`,
/// `error.<code>`): accounts, sign-in, passkeys, client apps, sync, request bodies, CSV files, the database
/// and the server's own keys. Merged into Strings' tables under the pages' words, which win on a shared key;
/// a module's own words win over these on its pages.
enum PlatformRefusalWords {
    static let spanish: [String: String] = [
        "problem.account_fields_not_editable":
            "Estos datos son de la cuenta de Patio de la persona: los cambia ella en su cuenta, o un administrador de Patio.",
        "error.account_owned": "Es de la cuenta de Patio de la persona: lo cambia ella en su cuenta, o un administrador de Patio.",
        "problem.reauthentication_required":
            "Antes de agregar una llave de acceso, confirma que eres tú con tu contraseña o con una llave que ya tengas.",
        "problem.passkey_not_found": "No tienes una llave de acceso con ese identificador; recarga la página.",
        "problem.database_not_sql":
            "Patio no pudo leer su base de datos. Inténtalo de nuevo en un momento; si sigue, avisa a quien administra Patio.",
        "problem.read_transaction": "Patio no pudo completar esta acción. Inténtalo de nuevo; si sigue, avisa a quien administra Patio.",
        "problem.sync_counter_missing": "Patio no pudo guardar los cambios para sincronizar. Avisa a quien administra Patio.",
        "problem.passkey_other_account": "Esa llave de acceso es de otra cuenta. Entra con tu contraseña o con una llave tuya.",
        "problem.unknown_role": "Ese rol no existe; elige uno de la lista.",
        "problem.app_not_found": "No hay ninguna app cliente con ese id.",
        "problem.app_misconfigured": "Las versiones guardadas de esta app no se pueden leer; un administrador debe volver a ponerlas.",
        "problem.config_key_not_found": "Esta app no tiene esa clave de configuración; recarga la página.",
        "problem.csrf_failed": "Este formulario caducó. Recarga la página e inténtalo de nuevo.",
        "problem.forbidden": "No tienes permiso para hacer esto.",
        "problem.body_required": "La solicitud llegó vacía; envía los datos en JSON.",
        "problem.body_too_large": "La solicitud es demasiado grande; envía menos datos.",
        "problem.malformed_json": "Los datos enviados no son un JSON válido.",
        "problem.unsupported_media_type": "Ese tipo de archivo o de datos no se admite aquí; revisa el formato y envíalo de nuevo.",
        "problem.csv_invalid": "El archivo tiene errores; no se importó nada. Corrige estas líneas e impórtalo de nuevo:",
        "problem.csv_not_utf8": "Guarda el archivo como CSV UTF-8 e impórtalo de nuevo.",
        "problem.invalid_cursor": "Esa página de resultados ya no es válida; vuelve a la primera.",
        "problem.cursor_invalid": "Esa posición de sincronización no la dio Patio; sincroniza de nuevo desde el principio.",
        "problem.cursor_wrong_collection": "Esa posición de sincronización es de otra colección; sincroniza de nuevo desde el principio.",
        "problem.sync_collection_unknown": "No hay ninguna colección sincronizada con ese nombre.",
        "problem.sync_forbidden": "Tu cuenta no sincroniza esa colección.",
        "problem.mutation_ids_not_increasing": "Los cambios deben enviarse en el orden en que se hicieron, con identificadores crecientes.",
        "error.limit_range": "Pide entre 1 y el máximo permitido de registros.",
        "error.mutations_count": "Envía entre 1 y el máximo permitido de cambios por envío.",
        "error.whole_amount": "Escribe un monto entero, sin centavos.",
        "problem.websocket_required": "Esta dirección es una conexión WebSocket; ábrela desde la app.",
        "problem.overloaded":
            "Patio está atendiendo a muchas personas a la vez y no hizo nada de lo que pediste. Inténtalo de nuevo en {seconds} segundos.",
        "problem.unauthenticated": "Tu sesión terminó o no has entrado. Entra de nuevo para continuar.",
        "error.client_id_format": "El identificador del dispositivo debe tener de 1 a 64 letras, dígitos, - o _.",
        "error.mutation_format": "Cada cambio necesita un identificador positivo, una versión base de 0 o más y como mucho 50 campos.",
        "problem.websocket_origin_refused": "Solo se aceptan conexiones desde las páginas de Patio.",
        "problem.monitoring_token_required": "Envía el token de monitoreo para ver las métricas.",
        "problem.monitoring_loopback_only":
            "Las métricas solo se sirven en este mismo equipo; configura PATIO_METRICS_TOKEN para leerlas desde otro.",
        "problem.database_unavailable": "La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
        "problem.templates_missing": "Patio no encontró las plantillas de sus páginas; avisa a quien administra el servidor.",
        "problem.secret_key_missing":
            "Falta la clave con la que Patio protege sus secretos (PATIO_SECRET_KEY); avisa a quien administra el servidor.",
        "problem.secret_key_unreadable": "El archivo de la clave de Patio no contiene una clave válida; avisa a quien administra el servidor.",
        "problem.secret_key_unwritable": "Patio no pudo guardar el archivo de su clave; avisa a quien administra el servidor.",
        "problem.secret_corrupt": "Un secreto guardado no se puede leer; avisa a quien administra el servidor.",
    ]

    static let english: [String: String] = [
        "problem.validation_failed": "Some fields are not valid.", "problem.email_taken": "An account with this email already exists.",
        "problem.invalid_credentials": "The email or the password is not correct.",
        "problem.cannot_deactivate_self": "You cannot deactivate your own account.",
        "problem.cannot_revoke_own_admin": "You cannot remove your own admin role.",
        "problem.app_exists": "An app with this id already exists.", "problem.wrong_password": "The current password is not correct.",
        "problem.account_not_found": "No account has this id.",
        "error.email_format": "Enter a valid email address.", "error.name_length": "Enter a name of 1 to 120 characters.",
        "error.locale_choice": "Use es or en.", "error.unknown_role": "That role does not exist.", "error.email_required": "Enter your email.",
        "error.password_required": "Enter your password.", "error.passkey_name_length": "Name the passkey in 1 to 60 characters.",
        "error.current_password_wrong": "The current password is not correct.", "error.whole_number": "Enter a whole number.",
        "error.amount_format": "Enter an amount such as 120.00.",
        "error.password_too_short": "Use at least 10 characters.", "error.password_too_long": "Use at most 72 bytes.",
        "problem.account_fields_not_editable": "These fields are the person's Patio account: they or a platform admin change them.",
        "error.account_owned": "This belongs to the person's Patio account; they change it on their account page, or a platform admin does.",
        "problem.reauthentication_required": "Confirm it is you (your password or a passkey you already have) before adding a passkey.",
        "problem.passkey_not_found": "You have no passkey with this id; reload the page.",
        "problem.database_not_sql": "Patio could not read its database. Try again in a moment; if it goes on, tell whoever runs Patio.",
        "problem.read_transaction": "Patio could not finish this. Try again; if it goes on, tell whoever runs Patio.",
        "problem.sync_counter_missing": "Patio could not record changes for syncing. Tell whoever runs Patio.",
        "problem.passkey_other_account": "This passkey belongs to another account. Sign in with your password or a passkey of yours.",
        "problem.unknown_role": "There is no such role; choose one from the list.",
        "problem.app_not_found": "No client app has this id.",
        "problem.app_misconfigured": "The versions stored for this app cannot be read; an administrator must set them again.",
        "problem.config_key_not_found": "This app has no such config key; reload the page.",
        "problem.csrf_failed": "This form expired. Reload the page and try again.",
        "problem.forbidden": "You are not allowed to do this.",
        "problem.body_required": "The request was empty; send the data as JSON.",
        "problem.body_too_large": "The request is too large; send less data.",
        "problem.malformed_json": "The data sent is not valid JSON.",
        "problem.unsupported_media_type": "This kind of file or data is not accepted here; check its format and send it again.",
        "problem.csv_invalid": "The file has errors; nothing was imported. Fix these lines and import it again:",
        "problem.csv_not_utf8": "Save the file as UTF-8 CSV and import it again.",
        "problem.invalid_cursor": "This page of results is no longer valid; go back to the first one.",
        "problem.cursor_invalid": "This sync cursor was not given by Patio; sync again from the start.",
        "problem.cursor_wrong_collection": "This sync cursor belongs to another collection; sync again from the start.",
        "problem.sync_collection_unknown": "No synced collection has this name.",
        "problem.sync_forbidden": "Your account does not sync this collection.",
        "problem.mutation_ids_not_increasing": "Mutation ids must increase within a push, in the order the changes were made.",
        "error.limit_range": "Give a limit from 1 to the allowed maximum.",
        "error.mutations_count": "Send from 1 to the allowed maximum of mutations per push.",
        "error.whole_amount": "Enter a whole amount without cents.",
        "problem.websocket_required": "This address is a WebSocket connection; open it from the app.",
        "problem.overloaded": "Patio is serving many people at once and did nothing of what you asked. Try again in {seconds} seconds.",
        "problem.unauthenticated": "Your session ended or you are not signed in. Sign in again to go on.",
        "problem.too_many_attempts": "Too many attempts. Try again in {seconds} seconds.",
        "error.client_id_format": "The device's id must be 1 to 64 letters, digits, - or _.",
        "error.mutation_format": "Each change needs a positive id, a base version of 0 or more and at most 50 fields.",
        "problem.websocket_origin_refused": "WebSockets are accepted only from Patio's own pages.",
        "problem.monitoring_token_required": "Send the monitoring token to read the metrics.",
        "problem.monitoring_loopback_only": "Metrics are served only on this machine; set PATIO_METRICS_TOKEN to read them from elsewhere.",
        "problem.database_unavailable": "The database is not available right now. Try again in a few seconds.",
        "problem.templates_missing": "Patio did not find its page templates; tell whoever runs the server.",
        "problem.secret_key_missing": "The key Patio seals its secrets with (PATIO_SECRET_KEY) is missing; tell whoever runs the server.",
        "problem.secret_key_unreadable": "Patio's key file does not hold a valid key; tell whoever runs the server.",
        "problem.secret_key_unwritable": "Patio could not write its key file; tell whoever runs the server.",
        "problem.secret_corrupt": "A stored secret cannot be read; tell whoever runs the server.",
    ]
}

extension Strings {
    /// `pages`' words in each language with `refusals`' beneath them: the pages' own words win on a shared key,
    /// so words someone writes in a strings file are never hidden by a refusal words file.
    public static func beneath(_ pages: [PatioLocale: [String: String]], _ refusals: [PatioLocale: [String: String]]) -> [PatioLocale: [String:
        String]]
    {
        pages.merging(refusals) { page, refusal in page.merging(refusal) { own, _ in own } }
    }

    /// The platform pages' words with the platform's refusals beneath them.
    static let all = beneath([.es: spanish, .en: english], [.es: PlatformRefusalWords.spanish, .en: PlatformRefusalWords.english])
}
