import PatioCore

/// The words of the platform pages in every language Patio speaks. Keys are shared by all templates.
///
/// Besides the pages' words, the platform's own refusals (accounts, sign-in, passkeys, client apps) as
/// FieldMessages looks them up: `field.<name>`, `error.<code>`, `problem.<code>`. Each module keeps its
/// own in its strings; nothing here belongs to a module.
public enum Strings {
    public static func table(_ locale: PatioLocale) -> [String: String] {
        all[locale] ?? english
    }

    public static func text(_ key: String, _ locale: PatioLocale) -> String {
        table(locale)[key] ?? key
    }

    static let english: [String: String] = [
        "app_name": "Patio", "skip": "Skip to content", "language": "Language",
        "login_title": "Sign in", "email": "Email", "password": "Password", "login_button": "Sign in",
        "login_hint": "Use the account your school, company or shop gave you.",
        "logout": "Sign out", "home_title": "Your apps", "home_empty": "Your account has no apps yet. Ask an administrator to give you access.",
        "admin_console": "Admin console", "accounts": "Accounts", "apps": "Client apps", "account": "My account",
        "search": "Search", "search_placeholder": "Name or email", "no_accounts": "No account matches this search.",
        "new_account": "New account", "name": "Name", "roles": "Roles", "active": "Active", "inactive": "Deactivated",
        "create": "Create", "save": "Save", "deactivate": "Deactivate", "activate": "Activate", "grant": "Grant", "revoke": "Remove",
        "reset_password": "Set a new password", "new_password": "New password", "current_password": "Current password",
        "change_password": "Change password", "password_changed": "Password changed. Other sessions were signed out.",
        "passkeys": "Passkeys", "passkeys_hint": "Sign in with Face ID, Touch ID, your fingerprint or your device's PIN instead of a password.",
        "passkey_name": "Name of this passkey", "add_passkey": "Add a passkey", "no_passkeys": "You have no passkeys yet.",
        "rename": "Rename", "remove": "Remove", "sign_in_with_passkey": "Sign in with a passkey",
        "passkey_failed": "The passkey did not work. Try again or use your password.", "passkey_added": "Passkey added.",
        "passkey_confirm_password": "Your password, to confirm it is you", "last_used": "Last used",
        "saved": "Saved.", "next_page": "Next page", "back": "Back",
        "passkey_remove_question": "Remove the passkey “%@”?",
        "passkey_remove_line": "“%@” no longer opens your account: on that device you sign in with your password.",
        "passkey_remove_left": "Passkeys you keep: %d.", "passkey_removed": "Passkey “%@” removed.", "account_created": "%@'s account created.",
        "deactivate_question": "Deactivate %@'s account?",
        "deactivate_line": "%@ (%@) cannot sign in to Patio or its apps until someone activates the account again.",
        "deactivate_sessions_line": "Their %d open sessions end now, on every device.", "deactivate_yes": "Yes, deactivate",
        "app_created": "App %@ created.", "config_delete_question": "Delete the key “%@” of %@?",
        "config_delete_line": "%@ stops receiving “%@” (now %@) the next time it reads its configuration.", "config_delete_yes": "Yes, delete",
        "config_deleted": "Key “%@” deleted.",
        "confirm_cannot_undo": "This cannot be undone.", "confirm_go_back": "No, go back", "confirm_remove": "Remove “%@”?",
        "confirm_remove_line": "“%@” is deleted for good: nobody will see it again.", "confirm_yes_remove": "Yes, remove",
        "latest_version": "Latest version", "minimum_version": "Minimum version", "store_url": "Store URL",
        "config": "Remote config and feature flags", "key": "Key", "kind": "Type", "value": "Value", "delete": "Delete",
        "no_config": "This app has no config keys yet.", "new_app": "Register an app", "slug": "Id",
        "error_404": "Page not found", "error_403": "You cannot open this page", "error_429": "Too many attempts",
        "error_generic": "Something went wrong", "go_home": "Go to the home page",
        "locale_es": "Español", "locale_en": "English", "your_language": "Language of pages",
        "no_roles": "This account has no roles yet.", "all_roles_granted": "This account already has every role.",
        "field.email": "Email", "field.password": "Password", "field.name": "Name", "field.newPassword": "New password",
        "field.currentPassword": "Current password", "field.locale": "Language", "field.roles": "Roles", "field.slug": "Id",
        "field.latestVersion": "Latest version", "field.minimumVersion": "Minimum version", "field.storeUrl": "Store URL",
        "field.key": "Key", "field.value": "Value", "field.kind": "Type", "field.line": "Line {line}",
    ]

    static let spanish: [String: String] = [
        "app_name": "Patio", "skip": "Ir al contenido", "language": "Idioma",
        "login_title": "Iniciar sesión", "email": "Correo electrónico", "password": "Contraseña", "login_button": "Entrar",
        "login_hint": "Usa la cuenta que te dio tu escuela, empresa o negocio.",
        "logout": "Cerrar sesión", "home_title": "Tus aplicaciones",
        "home_empty": "Tu cuenta aún no tiene aplicaciones. Pide acceso a un administrador.",
        "admin_console": "Administración", "accounts": "Cuentas", "apps": "Apps cliente", "account": "Mi cuenta",
        "search": "Buscar", "search_placeholder": "Nombre o correo", "no_accounts": "Ninguna cuenta coincide con la búsqueda.",
        "new_account": "Nueva cuenta", "name": "Nombre", "roles": "Roles", "active": "Activa", "inactive": "Desactivada",
        "create": "Crear", "save": "Guardar", "deactivate": "Desactivar", "activate": "Activar", "grant": "Otorgar", "revoke": "Quitar",
        "reset_password": "Poner una contraseña nueva", "new_password": "Contraseña nueva", "current_password": "Contraseña actual",
        "change_password": "Cambiar contraseña", "password_changed": "Contraseña cambiada. Se cerraron las demás sesiones.",
        "passkeys": "Llaves de acceso",
        "passkeys_hint": "Entra con Face ID, Touch ID, tu huella o el PIN de tu dispositivo en lugar de una contraseña.",
        "passkey_name": "Nombre de esta llave", "add_passkey": "Agregar una llave de acceso", "no_passkeys": "Aún no tienes llaves de acceso.",
        "rename": "Renombrar", "remove": "Quitar", "sign_in_with_passkey": "Entrar con llave de acceso",
        "passkey_failed": "La llave de acceso no funcionó. Inténtalo de nuevo o usa tu contraseña.", "passkey_added": "Llave de acceso agregada.",
        "passkey_confirm_password": "Tu contraseña, para confirmar que eres tú", "last_used": "Último uso",
        "saved": "Guardado.", "next_page": "Página siguiente", "back": "Volver",
        "passkey_remove_question": "¿Quitar la llave de acceso «%@»?",
        "passkey_remove_line": "«%@» deja de abrir tu cuenta: en ese dispositivo entrarás con tu contraseña.",
        "passkey_remove_left": "Llaves de acceso que conservas: %d.", "passkey_removed": "Llave de acceso «%@» quitada.",
        "account_created": "Cuenta de %@ creada.",
        "deactivate_question": "¿Desactivar la cuenta de %@?",
        "deactivate_line": "%@ (%@) no podrá entrar a Patio ni a sus apps hasta que alguien vuelva a activar la cuenta.",
        "deactivate_sessions_line": "Sus %d sesiones abiertas se cierran ya, en todos sus dispositivos.", "deactivate_yes": "Sí, desactivar",
        "app_created": "App %@ creada.", "config_delete_question": "¿Borrar la clave «%@» de %@?",
        "config_delete_line": "%@ deja de recibir «%@» (ahora %@) la próxima vez que lea su configuración.", "config_delete_yes": "Sí, borrar",
        "config_deleted": "Clave «%@» borrada.",
        "confirm_cannot_undo": "Esto no se puede deshacer.", "confirm_go_back": "No, volver", "confirm_remove": "¿Quitar «%@»?",
        "confirm_remove_line": "«%@» se borra para siempre: nadie volverá a verlo.", "confirm_yes_remove": "Sí, quitar",
        "latest_version": "Última versión", "minimum_version": "Versión mínima", "store_url": "URL de la tienda",
        "config": "Configuración remota y banderas", "key": "Clave", "kind": "Tipo", "value": "Valor", "delete": "Eliminar",
        "no_config": "Esta app aún no tiene claves de configuración.", "new_app": "Registrar una app", "slug": "Id",
        "error_404": "Página no encontrada", "error_403": "No puedes abrir esta página", "error_429": "Demasiados intentos",
        "error_generic": "Algo salió mal", "go_home": "Ir al inicio",
        "locale_es": "Español", "locale_en": "English", "your_language": "Idioma de las páginas",
        "no_roles": "Esta cuenta aún no tiene roles.", "all_roles_granted": "Esta cuenta ya tiene todos los roles.",
        "field.email": "Correo", "field.password": "Contraseña", "field.name": "Nombre", "field.newPassword": "Nueva contraseña",
        "field.currentPassword": "Contraseña actual", "field.locale": "Idioma", "field.roles": "Roles", "field.slug": "Id",
        "field.latestVersion": "Última versión", "field.minimumVersion": "Versión mínima", "field.storeUrl": "URL de la tienda",
        "field.key": "Clave", "field.value": "Valor", "field.kind": "Tipo", "field.line": "Línea {line}",
        "error.email_format": "Escribe un correo válido.", "error.name_length": "Escribe un nombre de 1 a 120 caracteres.",
        "error.password_too_short": "Usa al menos 10 caracteres.", "error.password_too_long": "Usa como máximo 72 bytes.",
        "error.locale_choice": "Usa es o en.", "error.unknown_role": "Ese rol no existe.", "error.email_required": "Escribe tu correo.",
        "error.password_required": "Escribe tu contraseña.", "error.passkey_name_length": "Nombra la llave de acceso con 1 a 60 caracteres.",
        "error.current_password_wrong": "La contraseña actual no es correcta.", "error.whole_number": "Indica un número entero.",
        "error.amount_format": "Escribe un monto, por ejemplo 120.00.",
        "problem.validation_failed": "Algunos campos no son válidos.", "problem.email_taken": "Ya existe una cuenta con este correo.",
        "problem.invalid_credentials": "El correo o la contraseña no es correcto.",
        "problem.cannot_deactivate_self": "No puedes desactivar tu propia cuenta.",
        "problem.cannot_revoke_own_admin": "No puedes quitarte tu propio rol de administración.",
        "problem.app_exists": "Ya existe una app con este id.", "problem.wrong_password": "La contraseña no es correcta.",
        "problem.account_not_found": "Ninguna cuenta tiene este identificador.",
        "problem.too_many_attempts": "Demasiados intentos. Inténtalo de nuevo en {seconds} segundos.",
    ]
}
