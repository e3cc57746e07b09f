import FluentKit

/// The campus tables, in the order they were introduced.
public enum CampusMigrations {
    public static let all: [any Migration] = [
        CreateSchools(), CreateCareers(), CreatePlans(), CreateSubjects(), CreatePeriods(), CreateCalendarEvents(),
        CreateStudents(), CreateGroups(), CreateGroupSlots(), CreateEnrolments(), CreateGradeChanges(), CreateCaptureWindows(),
        CreateKardex(), CreatePosts(), CreateScholarships(), CreateSAESLinks(),
    ]
}
