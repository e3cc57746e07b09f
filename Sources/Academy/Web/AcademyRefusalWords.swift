import PatioCore
import PatioWeb

/// Academy's refusals in the reader's words where its strings had none (FieldMessages: `problem.<code>`,
/// `error.<code>`), beneath AcademyStrings' own: a Spanish page never shows a refusal in English, and an
/// English page says it as the services do.
enum AcademyRefusalWords {
    /// Academy's pages' words with these beneath them (theirs win on a shared key).
    static func beneath(_ pages: [PatioLocale: [String: String]]) -> [PatioLocale: [String: String]] {
        Strings.beneath(pages, [.es: spanish, .en: english])
    }

    static let spanish: [String: String] = [
        "problem.student_not_found": "Ese alumno no existe; búscalo de nuevo en la lista de alumnos.",
        "problem.student_inactive": "Tu lugar en la academia está en pausa. Pregunta en recepción.",
        "problem.location_not_found": "Esa sede no existe; elige una de la lista.",
        "problem.class_not_found": "Esa clase no existe; elige una de la lista.",
        "problem.schedule_not_found": "Ese horario no existe; elige uno de la lista.",
        "problem.pack_not_found": "Ese paquete no está en la lista de precios; elige otro.",
        "problem.session_not_scheduled": "La clase no se dicta ese día de la semana; elige una fecha de su horario.",
        "problem.session_past": "Esa clase ya empezó; solo se pueden cancelar las que vienen.",
        "problem.session_already_cancelled": "Esa clase ya estaba cancelada.",
        "problem.session_has_attendance": "Ya hay alumnos que marcaron asistencia en esa clase; no se puede cancelar.",
        "problem.session_cancelled": "Esta clase se canceló: no se descontó ninguna clase de tu paquete.",
    ]

    static let english: [String: String] = [
        "problem.student_not_found": "No student has this id; look them up again in the students list.",
        "problem.student_inactive": "Your place in the academy is paused. Ask at the front desk.",
        "problem.location_not_found": "No sede has this id; choose one from the list.",
        "problem.class_not_found": "No class has this id; choose one from the list.",
        "problem.schedule_not_found": "No schedule has this id; choose one from the list.",
        "problem.pack_not_found": "No pack on the price list has this id; choose another.",
        "problem.session_not_scheduled": "The class does not meet on that weekday; choose a date of its schedule.",
        "problem.session_past": "That session has already started; only coming sessions can be cancelled.",
        "problem.session_already_cancelled": "That session was already cancelled.",
        "problem.session_has_attendance": "Students already checked in to that session; it cannot be cancelled.",
        "problem.session_cancelled": "This class was cancelled: none of your classes was used.",
        "problem.validation_failed": "Check these fields:",
        "error.dni_format": "Enter the DNI or ID number: 6 to 12 letters and digits.",
        "error.account_owned": "This belongs to the student's Patio account: the student changes it on their account page, or a Patio admin does.",
        "problem.payment_not_found": "No payment has this id.",
        "problem.enrolment_not_found": "This enrolment is not this student's.",
        "problem.dni_taken": "A student with this DNI already exists.",
        "problem.class_full": "This class is full.",
        "problem.enrolment_has_classes": "The student still has classes in this schedule; refund or adjust them before unenrolling.",
        "problem.schedule_has_enrolments": "Students are still enrolled in this schedule; unenrol them first.",
        "problem.schedule_overlaps": "This class already meets at an overlapping time on that day.",
        "problem.insufficient_classes": "The enrolment does not have that many classes left.",
        "problem.refund_exceeds_payment": "The refund is more than what is left of this payment.",
        "problem.refund_exceeds_classes": "This payment does not have that many classes left to refund.",
        "problem.location_archived": "It is archived and takes no new changes.",
        "problem.class_archived": "It is archived and takes no new changes.",
        "problem.schedule_archived": "It is archived and takes no new changes.",
        "problem.already_checked_in": "You are already checked in for this class.",
        "problem.checkin_token_expired": "This QR code has expired. Scan the code on the screen again.",
        "problem.checkin_token_invalid": "This is not a valid check-in code. Scan the code on the room screen.",
        "problem.not_enrolled_at_location": "You are not enrolled in any class at this sede.",
        "problem.no_class_now": "None of your classes at this sede is open for check-in now.",
        "problem.no_classes_left": "You have no classes left for this class. Pay for more at the front desk.",
        "problem.not_a_student": "Only students of the academy can check in.",
        "error.student_required": "Choose the student.", "error.schedule_required": "Choose the class schedule.",
        "error.classes_or_pack": "Give the number of classes paid for, or choose a pack.",
        "error.amount_or_pack": "Give the amount paid, or choose a pack.",
        "error.classes_range": "Use 1 to 500 classes.", "error.amount_range": "Give the amount, 0 or more.",
        "error.adjustment_range": "Give a non-zero number of classes from -500 to 500.",
        "error.reason_length": "Say why, in 1 to 200 characters.", "error.not_negative": "Use 0 or more.",
        "error.refund_empty": "Refund some money, some classes, or both.",
        "error.phone_format": "Enter a phone number of digits, spaces, + - ( ).",
        "error.date_format": "Use yyyy-mm-dd, such as 2004-05-17.",
        "error.name_length": "Enter a name of 1 to 120 characters.", "error.address_length": "Enter an address of 1 to 200 characters.",
        "error.location_required": "Choose the sede.", "error.description_length": "Use at most 2000 characters.",
        "error.level_choice": "Choose beginner, intermediate, advanced or all.",
        "error.capacity_range": "Use a capacity from 1 to 1000, or leave it empty.",
        "error.location_fixed": "A class cannot move to another sede; create it there instead.",
        "error.weekday_range": "Use 1 (Monday) to 7 (Sunday).", "error.time_format": "Use HH:mm, such as 19:00.",
        "error.end_before_start": "The class must end after it starts.", "error.pack_name_length": "Enter a name of 1 to 80 characters.",
        "error.price_range": "Give the price, 0 or more.",
        "error.valid_days_range": "Use 1 to 3650 days, or leave it empty for no expiry.",
        "error.time_zone": "Use an IANA time zone such as America/Lima or UTC.",
        "error.currency_format": "Use a three-letter currency code such as PEN.",
        "error.opens_range": "Use 0 to 240 minutes.", "error.closes_range": "Use -240 to 240 minutes.",
        "error.student_id_format": "Not a student id.", "error.location_id_format": "Not a sede id.",
        "error.date_order": "The end date must not be before the start date.",
    ]
}
