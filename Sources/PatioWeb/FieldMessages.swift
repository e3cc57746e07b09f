import PatioCore

/// Validation messages as people read them on the pages. Services speak English (the API's language);
/// a form shown in Spanish gets the Spanish wording of the same message, and the field's label instead of
/// its wire name. A message without a translation is shown as it is, never dropped.
public enum FieldMessages {
    /// "Label: message" in the page's language.
    public static func line(field: String, message: String, locale: PatioLocale) -> String {
        let text = locale == .es ? spanish[message] ?? message : message
        let label = (locale == .es ? spanishLabels : englishLabels)[field] ?? field
        return "\(label): \(text)"
    }

    /// A form's field errors for its template: `message` is the whole line, label included (a refusal that
    /// names no field is its message alone).
    public static func rows(_ errors: [FieldError], locale: PatioLocale) -> [[String: String]] {
        errors.map { error in
            ["field": error.field,
             "message": error.field.isEmpty ? detail(error.message, locale: locale) : line(field: error.field, message: error.message, locale: locale)]
        }
    }

    /// A top-level refusal (`validation_failed`'s "Some fields are not valid." and the like).
    public static func detail(_ detail: String, locale: PatioLocale) -> String {
        locale == .es ? spanish[detail] ?? detail : detail
    }

    static let englishLabels: [String: String] = [
        "amount": "Amount", "description": "Description", "category": "Category", "name": "Name", "email": "Email",
        "password": "Password", "newPassword": "New password", "currency": "Currency", "text": "Text", "dueDate": "Due date",
        "startDate": "Start date", "classes": "Classes", "capacity": "Capacity", "price": "Price", "validDays": "Validity",
        "startTime": "Start", "endTime": "End", "weekday": "Day", "address": "Address", "phone": "Phone", "dni": "DNI",
        "birthdate": "Birth date", "timeZone": "Time zone", "companyName": "Company", "assigneeEmail": "Assignee", "assigneeId": "Assignee",
        "businessName": "Business name", "role": "Role", "team": "Team", "reason": "Reason", "plan": "Plan", "level": "Level",
        "locationId": "Sede", "scheduleId": "Schedule", "studentId": "Student", "packId": "Pack", "locale": "Language",
        "slug": "Id", "latestVersion": "Latest version", "minimumVersion": "Minimum version", "storeUrl": "Store URL", "key": "Key",
        "value": "Value", "kind": "Type", "roles": "Roles", "currentPassword": "Current password",
    ]

    static let spanishLabels: [String: String] = [
        "amount": "Monto", "description": "Descripción", "category": "Categoría", "name": "Nombre", "email": "Correo",
        "password": "Contraseña", "newPassword": "Nueva contraseña", "currency": "Moneda", "text": "Texto", "dueDate": "Fecha límite",
        "startDate": "Fecha de inicio", "classes": "Clases", "capacity": "Cupo", "price": "Precio", "validDays": "Vigencia",
        "startTime": "Inicio", "endTime": "Fin", "weekday": "Día", "address": "Dirección", "phone": "Teléfono", "dni": "DNI",
        "birthdate": "Fecha de nacimiento", "timeZone": "Zona horaria", "companyName": "Empresa", "assigneeEmail": "Responsable",
        "assigneeId": "Responsable", "businessName": "Nombre del negocio", "role": "Puesto", "team": "Equipo", "reason": "Motivo",
        "plan": "Plan", "level": "Nivel", "locationId": "Sede", "scheduleId": "Horario", "studentId": "Alumno", "packId": "Paquete",
        "locale": "Idioma", "slug": "Id", "latestVersion": "Última versión", "minimumVersion": "Versión mínima", "storeUrl": "URL de la tienda",
        "key": "Clave", "value": "Valor", "kind": "Tipo", "roles": "Roles", "currentPassword": "Contraseña actual",
    ]

    static let spanish: [String: String] = [
        "Some fields are not valid.": "Algunos campos no son válidos.",
        "A class cannot move to another sede; create it there instead.": "Una clase no puede cambiar de sede; créala en la otra sede.",
        "Choose a supported currency.": "Elige una moneda admitida.",
        "Choose a type.": "Elige un tipo.",
        "Choose business or customer.": "Elige negocio o cliente.",
        "Choose the class schedule.": "Elige el horario de la clase.",
        "Choose the sede.": "Elige la sede.",
        "Choose the student.": "Elige al alumno.",
        "Describe the sale in 1 to 140 characters.": "Describe la venta en 1 a 140 caracteres.",
        "Describe the task in 1 to 200 characters.": "Describe la tarea en 1 a 200 caracteres.",
        "Enter a name of 1 to 120 characters.": "Escribe un nombre de 1 a 120 caracteres.",
        "Enter a name of 1 to 80 characters.": "Escribe un nombre de 1 a 80 caracteres.",
        "Enter a number.": "Escribe un número.",
        "Enter a phone number of digits, spaces, + - ( ).": "Escribe un teléfono con dígitos, espacios, + - ( ).",
        "Enter a valid email address.": "Escribe un correo válido.",
        "Enter an address of 1 to 200 characters.": "Escribe una dirección de 1 a 200 caracteres.",
        "Enter the business category.": "Escribe la categoría del negocio.",
        "Enter the business name.": "Escribe el nombre del negocio.",
        "Enter your email.": "Escribe tu correo.",
        "Enter your password.": "Escribe tu contraseña.",
        "Give a category of 1 to 60 characters.": "Escribe una categoría de 1 a 60 caracteres.",
        "Give a non-zero number of classes from -500 to 500.": "Indica un número de clases distinto de cero, de -500 a 500.",
        "Give a positive amount in minor units, at most 100000000.": "Indica un monto mayor que cero.",
        "Give a positive amount in minor units.": "Indica un monto mayor que cero.",
        "Give a reason of 1 to 200 characters.": "Indica un motivo de 1 a 200 caracteres.",
        "Give a whole amount in minor units, 0 or more.": "Indica un monto de 0 o más.",
        "Give a whole number.": "Indica un número entero.",
        "Give both latitude and longitude, or neither.": "Indica latitud y longitud, o ninguna.",
        "Give the amount in minor units (cents), 0 or more.": "Indica el monto, 0 o más.",
        "Give the amount paid in minor units (cents), or choose a pack.": "Indica el monto pagado o elige un paquete.",
        "Give the assignee's email or id.": "Indica el correo de la persona responsable.",
        "Give the company's name, 1 to 80 characters.": "Escribe el nombre de la empresa, de 1 a 80 caracteres.",
        "Give the due date as yyyy-MM-dd.": "Indica la fecha límite (aaaa-mm-dd).",
        "Give the first day as yyyy-MM-dd.": "Indica el primer día (aaaa-mm-dd).",
        "Give the new hire's name, 1 to 80 characters.": "Escribe el nombre de la persona, de 1 a 80 caracteres.",
        "Give the number of classes paid for, or choose a pack.": "Indica cuántas clases se pagaron o elige un paquete.",
        "Give the price in minor units (cents), 0 or more.": "Indica el precio, 0 o más.",
        "Keep the role to 60 characters.": "El puesto admite hasta 60 caracteres.",
        "Keep the team to 60 characters.": "El equipo admite hasta 60 caracteres.",
        "Name the passkey in 1 to 60 characters.": "Nombra la llave de acceso con 1 a 60 caracteres.",
        "No account has this email.": "Ninguna cuenta tiene este correo.",
        "No account has this id.": "Ninguna cuenta tiene este identificador.",
        "No new hire has this id.": "No existe ese nuevo ingreso.",
        "Not a sede id.": "No es una sede válida.",
        "Not a student id.": "No es un alumno válido.",
        "Refund some money, some classes, or both.": "Devuelve dinero, clases o ambos.",
        "Say why, in 1 to 200 characters.": "Explica el motivo en 1 a 200 caracteres.",
        "The class must end after it starts.": "La clase debe terminar después de empezar.",
        "The end date must not be before the start date.": "La fecha final no puede ser anterior a la inicial.",
        "Use -180 to 180.": "Usa un valor de -180 a 180.",
        "Use -90 to 90.": "Usa un valor de -90 a 90.",
        "Use 0 or more.": "Usa 0 o más.",
        "Use 1 (Monday) to 7 (Sunday).": "Usa 1 (lunes) a 7 (domingo).",
        "Use 1 to 3650 days, or leave it empty for no expiry.": "Usa de 1 a 3650 días, o déjalo vacío para que no venza.",
        "Use 1 to 500 classes.": "Usa de 1 a 500 clases.",
        "Use HH:mm, such as 19:00.": "Usa HH:mm, por ejemplo 19:00.",
        "Use HH:mm, such as 20:30.": "Usa HH:mm, por ejemplo 20:30.",
        "Use a capacity from 1 to 1000, or leave it empty.": "Usa un cupo de 1 a 1000, o déjalo vacío.",
        "Use a three-letter ISO 4217 code such as PEN.": "Usa un código de moneda de tres letras, como PEN.",
        "Use an IANA time zone such as America/Lima or UTC.": "Usa una zona horaria IANA, como America/Lima o UTC.",
        "Use an IANA time zone such as America/Mexico_City or UTC.": "Usa una zona horaria IANA, como America/Mexico_City o UTC.",
        "Use at most 2000 characters.": "Usa como máximo 2000 caracteres.",
        "Use beginner, intermediate, advanced or all.": "Elige principiante, intermedio, avanzado o todos.",
        "Use es or en.": "Usa es o en.",
        "Use true or false.": "Usa sí o no.",
        "Use week or month.": "Usa semana o mes.",
        "Use yyyy-MM-dd, such as 2004-05-17.": "Usa aaaa-mm-dd, por ejemplo 2004-05-17.",
        "Use yyyy-MM-dd.": "Usa aaaa-mm-dd.",
        "Write 1 to 500 characters.": "Escribe de 1 a 500 caracteres.",
    ]
}
