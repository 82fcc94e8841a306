import { Anchor, Box, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CardGrid } from '../../components/card-grid';
import { CtaBand } from '../../components/cta-band';
import { Icon } from '../../components/icon';
import { Illustration } from '../../components/illustration';
import { MainWithAside } from '../../components/main-with-aside';
import { PageHero } from '../../components/page-hero';
import { Section } from '../../components/section';
import { LinkButton } from '../../components/smart-link';
import type { CourseContent, InternalCourse } from '../../config/site-types';
import { courseSlug, formLinkFor, memberBuckets, paths } from '../../../site.config';
import { ACCOUNT_PATH } from '../../lib/account/account-path';
import { MemberFileList } from '../../components/member-file-list';
import { priceLabel } from '../../lib/course-price';

const MONEY_BACK = '14-day money-back promise';

/**
 * A course: the hero says what it costs and signs up (on a phone the side box comes only after the
 * description), the side box lists what is included, and the page ends with the same sign-up.
 */
export default function CoursePage({ course, content }: { course: InternalCourse; content: CourseContent }) {
  const signUp = formLinkFor('courses', courseSlug(course)) ?? paths.contact;
  return (
    <>
      <PageHero
        eyebrow="Online course"
        title={course.title}
        subtitle={course.summary}
        actions={
          <Stack gap="lg">
            <Group gap="md" role="list" aria-label="Course at a glance">
              <Fact icon="clock" text={`${course.weeks} weeks`} />
              <Fact icon="book" text={`${course.lessons} lessons`} />
              <Fact icon="certificate" text="Certificate included" />
            </Group>
            <Group gap="lg">
              <Text fz={36} fw={800} lh={1}>
                {priceLabel(course)}
              </Text>
              <LinkButton to={signUp} size="lg" color="yellow.4" c="dark.9">
                Sign Up Now
              </LinkButton>
            </Group>
          </Stack>
        }
        aside={
          <Box visibleFrom="md">
            <Illustration image={course.image} />
          </Box>
        }
      />
      <Section title="About This Course">
        <MainWithAside
          main={
            <Stack gap="xl">
              {content.about.map((p) => (
                <Text key={p.slice(0, 24)} size="lg">
                  {p}
                </Text>
              ))}
            </Stack>
          }
          aside={
            <Card withBorder shadow="sm" radius="lg" padding="xl" component="aside" aria-label="Enrolment">
              <Stack gap="md">
                <Text fz={40} fw={800} c="brand.8" lh={1}>
                  {priceLabel(course)}
                </Text>
                <Text fw={700}>This course includes:</Text>
                <List spacing={6} size="sm">
                  {content.included.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
                <LinkButton to={signUp} size="lg" fullWidth>
                  Sign Up Now
                </LinkButton>
                <Group gap={6} justify="center" fw={700}>
                  <Text component="span" c="green.8" lh={0}>
                    <Icon name="shield" size={18} />
                  </Text>
                  <span>{MONEY_BACK}</span>
                </Group>
              </Stack>
            </Card>
          }
          more={
            <Stack gap="xl">
              <div>
                <Title order={2} mb="md">
                  What You&apos;ll Learn
                </Title>
                <List
                  spacing="sm"
                  icon={
                    <ThemeIcon size={22} radius="xl" aria-hidden="true">
                      <Icon name="check" size={14} />
                    </ThemeIcon>
                  }
                >
                  {content.learn.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </div>
              <div>
                <Title order={2} mb="md">
                  Sample Lessons
                </Title>
                <CardGrid cols={{ base: 1, sm: 2 }} component="ol">
                  {content.lessons.map((lesson, index) => (
                    <Card key={lesson.title} withBorder component="li">
                      <Text size="sm" c="dimmed" fw={700}>
                        Lesson {index + 1}
                      </Text>
                      <Title order={3} size="h5">
                        {lesson.title}
                      </Title>
                      <Text size="sm">{lesson.description}</Text>
                    </Card>
                  ))}
                </CardGrid>
              </div>
              {course.materials?.length ? (
                <div>
                  <Title order={2} mb="xs">
                    Course Materials
                  </Title>
                  <Text mb="md">
                    Enrol while signed in, and download these from <Anchor href={ACCOUNT_PATH}>your account</Anchor> straight away.
                  </Text>
                  <MemberFileList bucket={memberBuckets.courseMaterials} files={course.materials} signedIn={false} label={`Materials of ${course.title}`} />
                </div>
              ) : null}
            </Stack>
          }
        />
      </Section>
      <CtaBand
        title={`Ready to start ${course.title}?`}
        body={`${course.weeks} weeks, ${course.lessons} lessons and a certificate, with a ${MONEY_BACK}.`}
        actions={[
          { label: `Sign Up Now for ${priceLabel(course)}`, to: signUp },
          { label: 'Ask Us a Question', to: paths.contact },
        ]}
      />
    </>
  );
}

function Fact({ icon, text }: { icon: 'clock' | 'book' | 'certificate'; text: string }) {
  return (
    <Group gap={6} role="listitem">
      <Icon name={icon} size={20} />
      <Text fw={600}>{text}</Text>
    </Group>
  );
}
